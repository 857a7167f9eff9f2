\set uid random(1, 64)
\set iid random(1, 2000)
BEGIN;
insert into orders (user_id, status, total, idempotency_key, response, created_at, updated_at) values (:uid, 'Placed', 0, null, null, '2026-11-23T20:00:00.000Z', '2026-11-23T20:00:00.000Z') returning id as oid \gset
with v (id, qty) as (values (cast(:iid as integer), cast(1 as integer))) update items set stock = items.stock - v.qty from v where items.id = v.id and items.hidden = 0 and items.stock >= v.qty returning items.id, items.title, items.size, items.unit_price, items.discount_bps, items.flat_discount, items.gst_bps, items.selling_price;
insert into order_lines (order_id, item_id, store_id, title, size, unit_price, discount_bps, flat_discount, gst_bps, selling_price, qty) select :oid, id, store_id, title, size, unit_price, discount_bps, flat_discount, gst_bps, selling_price, 1 from items where id = :iid;
update orders set total = 11340, response = repeat('{"OrderID":1,"OrderItems":[]}', 20) where id = :oid;
delete from cart_items where cart_id = :uid;
update carts set updated_at = '2026-11-23' where user_id = :uid;
insert into mail_queue (to_address, subject, body_text, body_html, kind, attempts, next_attempt_at, claimed_until, sent_at, last_error, created_at) values ('a@x.test', 'Your order', repeat('text ', 200), repeat('<p>html</p>', 150), 'order.placed', 0, '2026', null, null, '', '2026');
COMMIT;
