import { describe, expect, it } from 'vitest';
import { absoluteUrl, metaDescription, priceView, productJsonLd, shareHref } from '../../src/lib/catalogue/views.ts';
import type { ItemDto } from '../../src/lib/domain/catalogue.ts';

const apple: ItemDto = {
  ItemID: 7,
  StoreID: 2,
  DbID: 3,
  SectionID: 1,
  ItemTitle: 'Apple </script><script>alert(1)</script>',
  ItemMetaDescription: 'Crisp',
  ItemContent: '',
  ItemHidden: false,
  Availability: 4,
  Size: '1 kg',
  UnitPrice: 120,
  Discount: 10,
  FlatDiscount: 0,
  Gst: 5,
  SellingPrice: 113.4,
  ItemUpdatedTime: '2026-01-01T00:00:00.000Z',
};

describe('priceView', () => {
  it('shows the selling price and, struck through, the unit price plus GST', () => {
    expect(priceView(apple)).toEqual({
      selling: 'Rs 113.40',
      sellingAmount: '113.40',
      beforeDiscount: 'Rs 126',
      soldOut: false,
      unitSale: 'Rs 113.40/kg',
    });
  });

  it('shows a weighed item’s price per kg or litre, and a pack’s unit sale price per 100 g (issue 33)', () => {
    const tomato = priceView({
      ...apple,
      Size: '',
      SoldBy: 'ByWeight',
      Step: 250,
      UnitPrice: 48,
      Discount: 0,
      Gst: 0,
      SellingPrice: 48,
    });
    expect(tomato).toMatchObject({ selling: 'Rs 48.00/kg', beforeDiscount: null, unitSale: '' });
    const milk = priceView({ ...apple, Size: '', SoldBy: 'ByVolume', Step: 500, SellingPrice: 60 });
    expect(milk.selling).toBe('Rs 60.00/litre');
    expect(priceView({ ...apple, Size: '200 g', SellingPrice: 4.2 }).unitSale).toBe('Rs 2.10/100 g');
    expect(priceView({ ...apple, Size: '6 pieces' }).unitSale).toBe('');
  });

  it('shows no struck-through price when nothing is discounted, and marks sold-out items', () => {
    const plain = priceView({ ...apple, Discount: 0, SellingPrice: 126, Availability: 0 });
    expect(plain.beforeDiscount).toBeNull();
    expect(plain.soldOut).toBe(true);
  });

  it('formats large prices with Indian digit grouping', () => {
    expect(priceView({ ...apple, UnitPrice: 150000, Discount: 0, Gst: 0, SellingPrice: 150000 }).selling).toBe(
      'Rs 1,50,000',
    );
  });
});

describe('productJsonLd', () => {
  it('describes the item as a Product with an INR Offer and its availability', () => {
    const data = JSON.parse(productJsonLd(apple, 'https://shop.example/app/section/7/3', 'https://x/ti.png', 'Crisp'));
    expect(data).toMatchObject({
      '@type': 'Product',
      sku: '7',
      offers: { priceCurrency: 'INR', price: '113.40', availability: 'https://schema.org/InStock' },
    });
    const soldOut = JSON.parse(productJsonLd({ ...apple, Availability: 0 }, 'u', 'i', 'd'));
    expect(soldOut.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('gives the Offer a UnitPriceSpecification with its reference quantity (issue 33)', () => {
    const tomato = JSON.parse(
      productJsonLd({ ...apple, Size: '', SoldBy: 'ByWeight', Step: 250, SellingPrice: 48 }, 'u', 'i', 'd'),
    );
    expect(tomato.offers.priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      priceCurrency: 'INR',
      price: '48.00',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'KGM' },
    });
    const pack = JSON.parse(productJsonLd({ ...apple, Size: '200 g', SellingPrice: 4.2 }, 'u', 'i', 'd'));
    expect(pack.offers.priceSpecification.referenceQuantity).toEqual({
      '@type': 'QuantitativeValue',
      value: 100,
      unitCode: 'GRM',
    });
    expect(pack.offers.priceSpecification.price).toBe('2.10');
  });

  it('can never close its script element early', () => {
    const text = productJsonLd(apple, 'u', 'i', 'd');
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe(apple.ItemTitle);
  });
});

describe('page addresses', () => {
  it('makes canonical URLs without a trailing slash', () => {
    expect(absoluteUrl('/app/home/3/', 'https://shop.example')).toBe('https://shop.example/app/home/3');
    expect(absoluteUrl('/', new URL('https://shop.example'))).toBe('https://shop.example/');
  });

  it('shares the page title and address through a messaging link', () => {
    expect(shareHref('Fruit & veg', 'https://shop.example/app/home/3')).toBe(
      'https://wa.me/?text=Fruit%20%26%20veg%20https%3A%2F%2Fshop.example%2Fapp%2Fhome%2F3',
    );
  });

  it('cuts long meta descriptions at a word and falls back when empty', () => {
    const long = 'word '.repeat(60);
    const cut = metaDescription(long, 'fallback');
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(metaDescription('  \n ', 'The fallback.')).toBe('The fallback.');
    expect(metaDescription('Short  and\nsweet.', 'x')).toBe('Short and sweet.');
  });
});
