\set uid random(1, 64)
\set iid random(1, 2000)
BEGIN;
update items set stock = stock - 1 where id = :iid and stock >= 1;
insert into orders (user_id, status, total, created_at, updated_at) values (:uid, 'Placed', 113, '2026', '2026');
COMMIT;
