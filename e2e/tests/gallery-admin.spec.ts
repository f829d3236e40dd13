/**
 * Gallery administration (SPEC.md section 2, "Gallery"). Runs in its own project after every
 * other test, because it ends by deleting every gallery image.
 */
import type { Page } from '@playwright/test';
import { expect, expectToast, expectToastSeen, loginAsAdmin, loginAsNewUser, test, toastLog } from '../support/fixtures';
import { pngFile, randomColor } from '../support/png';
import { LOADING, SUCCESS, TEXT } from '../support/spec-texts';

// The visitor test needs the images the admin test deletes at its end.
test.describe.configure({ mode: 'serial' });

async function photoCount(page: Page): Promise<number> {
  return page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem').count();
}

test('a visitor and a USER see the grid without admin controls', async ({ page, request }) => {
  await page.goto('/gallery');
  await expect(page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.addImages })).toHaveCount(0);
  await loginAsNewUser(page, request, 'gallery');
  await page.goto('/gallery');
  await expect(page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.addImages })).toHaveCount(0);
  await expect(page.getByRole('button', { name: TEXT.deleteAllImages })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete image 1' })).toHaveCount(0);
});

test('add several images with previews, delete one, delete all', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/gallery');
  await expectToastSeen(page, LOADING.gallery);
  await expect(page.getByRole('list', { name: 'Gallery images' }).getByRole('listitem').first()).toBeVisible();
  const before = await photoCount(page);

  // '+ Add Images': Upload disabled with no files, previews once chosen.
  await page.getByRole('button', { name: TEXT.addImages, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Images' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  const files = ['field.png', 'factory.png', 'port.png'].map((n) => pngFile(n, randomColor()));
  await dialog.getByLabel('Choose images', { exact: true }).setInputFiles(files);
  await expect(dialog.getByText('3 images selected')).toBeVisible();
  for (const f of files) await expect(dialog.getByRole('img', { name: `Preview of ${f.name}` })).toBeVisible();
  // Removing one preview leaves two to upload.
  await dialog.getByRole('button', { name: 'Remove port.png' }).click();
  await expect(dialog.getByText('2 images selected')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeEnabled();

  // Cancel discards the choice.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: TEXT.addImages, exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await dialog.getByLabel('Choose images', { exact: true }).setInputFiles(files);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, SUCCESS.uploadImages);
  expect(await toastLog(page)).toContain(LOADING.uploadImages);
  await expect(dialog).toBeHidden();
  await expect.poll(() => photoCount(page)).toBe(before + 3);

  // Delete one, with confirmation.
  await page.getByRole('button', { name: 'Delete image 1', exact: true }).click();
  const confirmOne = page.getByRole('dialog', { name: 'Do you want to delete this image?' });
  await expect(confirmOne).toBeVisible();
  await confirmOne.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, SUCCESS.deleteImage);
  expect(await toastLog(page)).toContain(LOADING.deleteImage);
  await expect.poll(() => photoCount(page)).toBe(before + 2);

  // Delete all, with confirmation: Cancel first, then Delete.
  await page.getByRole('button', { name: TEXT.deleteAllImages }).click();
  const confirmAll = page.getByRole('dialog', { name: 'Do you want to delete all images?' });
  await expect(confirmAll).toBeVisible();
  await confirmAll.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmAll).toBeHidden();
  expect(await photoCount(page)).toBe(before + 2);
  await page.getByRole('button', { name: TEXT.deleteAllImages }).click();
  await confirmAll.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, SUCCESS.deleteAllImages);
  expect(await toastLog(page)).toContain(LOADING.deleteAllImages);
  await expect(page.getByText('No images in the gallery yet.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Gallery images' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: TEXT.deleteAllImages })).toBeDisabled();
});
