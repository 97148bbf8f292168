import crypto from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addProductImage, listSellerProductImages, readProductImage, removeProductImage } from '@/server/catalog/manage/product-images';
import { PRODUCT_IMAGES_MAX } from '@/server/catalog/manage/product-media-rules';
import { createProduct, createSeller } from '../support/factories';
import { inProcessCore } from '../support/in-process-core';

// Product images (server/catalog/manage/product-images.ts) against a real database: recognised by
// their bytes, resized and re-encoded as WebP without the upload's metadata, at most 5 per product
// even when uploaded at once, and only the seller's own.

const setup = inProcessCore();
const ctx = () => ({ db: setup.database.db });

async function sellerWithProduct() {
  const seller = await createSeller(setup.database.db);
  const product = await createProduct(setup.database.db, seller.id, { name: `Imaged ${crypto.randomBytes(3).toString('hex')}` });
  return { seller, product };
}

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const blank = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } });
  return (format === 'png' ? blank.png() : blank.jpeg()).withExif({ IFD0: { Copyright: 'Ada, 51.5N 0.12W' } }).toBuffer();
};

describe('product images', () => {
  it('an upload is stored as WebP that fits 1600 × 1200 with its aspect, without the photo’s metadata, and read back only by its store', async () => {
    const { seller, product } = await sellerWithProduct();
    const upload = await picture(3200, 1800, 'jpeg');
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    const added = await addProductImage(ctx(), { sellerId: seller.id, productId: product.id, bytes: upload, alt: ' The editor, dark mode ' });
    expect(added).toMatchObject({ position: 0, width: 1600, height: 900, alt: 'The editor, dark mode' });
    const stored = await readProductImage(ctx(), { sellerId: seller.id, imageId: added.id });
    const metadata = await sharp(stored!.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 900 });
    expect(metadata.exif).toBeUndefined();
    // A small one is not enlarged.
    expect(await addProductImage(ctx(), { sellerId: seller.id, productId: product.id, bytes: await picture(320, 200) })).toMatchObject({ position: 1, width: 320, height: 200, alt: '' });
    // Another store's id for it names nothing.
    const other = await createSeller(setup.database.db);
    expect(await readProductImage(ctx(), { sellerId: other.id, imageId: added.id })).toBeNull();
  });

  it('what is not a PNG, JPEG or WebP, or does not decode, or is too large, is a ValidationError on Image and stores nothing', async () => {
    const { seller, product } = await sellerWithProduct();
    const refusal = (bytes: Uint8Array) => addProductImage(ctx(), { sellerId: seller.id, productId: product.id, bytes });
    await expect(refusal(new Uint8Array())).rejects.toMatchObject({ code: 'ValidationError', details: [{ Field: 'Image', Message: 'Choose an image file.' }] });
    await expect(refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({ details: [{ Field: 'Image', Message: 'Use a PNG, JPEG or WebP image.' }] });
    const brokenPng = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), crypto.randomBytes(200)]);
    await expect(refusal(brokenPng)).rejects.toMatchObject({ details: [{ Field: 'Image', Message: expect.stringContaining('could not be read as an image') }] });
    await expect(refusal(Buffer.concat([await picture(10, 10), Buffer.alloc(4 * 1024 * 1024)]))).rejects.toMatchObject({ details: [{ Field: 'Image', Message: expect.stringContaining('at most 4 MB') }] });
    await expect(addProductImage(ctx(), { sellerId: seller.id, productId: product.id, bytes: await picture(10, 10), alt: 'x'.repeat(201) })).rejects.toMatchObject({ details: [{ Field: 'Alt' }] });
    expect(await setup.database.db.productImage.count({ where: { productId: product.id } })).toBe(0);
  });

  it(`a product takes at most ${PRODUCT_IMAGES_MAX} images, also when ${PRODUCT_IMAGES_MAX + 2} are uploaded at once; removing one makes room and keeps the order`, async () => {
    const { seller, product } = await sellerWithProduct();
    const bytes = await picture(40, 30);
    const results = await Promise.allSettled(Array.from({ length: PRODUCT_IMAGES_MAX + 2 }, () => addProductImage(ctx(), { sellerId: seller.id, productId: product.id, bytes })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(PRODUCT_IMAGES_MAX);
    expect(results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { details: { Message: string }[] }).details[0]!.Message] : []))).toEqual([
      'A product has at most 5 images: remove one first.',
      'A product has at most 5 images: remove one first.',
    ]);
    const images = await listSellerProductImages(ctx(), { sellerId: seller.id, productId: product.id });
    expect(images.map((image) => image.position)).toEqual([0, 1, 2, 3, 4]);
    await removeProductImage(ctx(), { sellerId: seller.id, productId: product.id, imageId: images[1]!.id });
    const after = await addProductImage(ctx(), { sellerId: seller.id, productId: product.id, bytes });
    expect((await listSellerProductImages(ctx(), { sellerId: seller.id, productId: product.id })).map((image) => image.id)).toEqual([images[0]!.id, images[2]!.id, images[3]!.id, images[4]!.id, after.id]);
  });

  it('another seller’s product, or an image of another product, is NotFound like one that does not exist', async () => {
    const mine = await sellerWithProduct();
    const theirs = await sellerWithProduct();
    const bytes = await picture(20, 20);
    await expect(addProductImage(ctx(), { sellerId: mine.seller.id, productId: theirs.product.id, bytes })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(listSellerProductImages(ctx(), { sellerId: mine.seller.id, productId: theirs.product.id })).rejects.toMatchObject({ code: 'NotFound' });
    const image = await addProductImage(ctx(), { sellerId: theirs.seller.id, productId: theirs.product.id, bytes });
    await expect(removeProductImage(ctx(), { sellerId: mine.seller.id, productId: theirs.product.id, imageId: image.id })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(removeProductImage(ctx(), { sellerId: mine.seller.id, productId: mine.product.id, imageId: image.id })).rejects.toMatchObject({ code: 'NotFound' });
    expect(await setup.database.db.productImage.count({ where: { id: image.id } })).toBe(1);
  });
});
