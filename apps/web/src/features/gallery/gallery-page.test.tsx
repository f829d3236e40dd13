import { API, UI_TEXT, type GalleryImage } from '@agro/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, logIn, renderRoute, stubFetch, stubHeldXhr, stubXhr } from '@/test/render-harness';

const images: GalleryImage[] = [
  { _id: 'g1', secure_url: '/uploads/g1.webp', width: 1200, height: 900 },
  { _id: 'g2', secure_url: '/uploads/g2.webp' },
];
const galleryReply = (list: GalleryImage[]) => ({
  body: { success: true, message: 'ok', galleryImages: [{ _id: 'gallery', galleryImages: list }] },
});

beforeEach(() => {
  // jsdom has no object URLs: the previews only need distinct strings.
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('Gallery page', () => {
  it('shows the images to a visitor, without admin controls', async () => {
    const calls = stubFetch({ [`GET ${API.gallery}`]: galleryReply(images) });
    renderRoute('/gallery');
    const grid = await screen.findByRole('list', { name: 'Gallery images' });
    expect(
      within(grid)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual(['/uploads/g1.webp', '/uploads/g2.webp']);
    expect(callsTo(calls, 'GET', API.gallery)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: UI_TEXT.addImages })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: UI_TEXT.deleteAllImages })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete image 1' })).not.toBeInTheDocument();
  });

  it('says when there are no images', async () => {
    stubFetch({ [`GET ${API.gallery}`]: galleryReply([]) });
    renderRoute('/gallery');
    expect(await screen.findByText('No images in the gallery yet.')).toBeInTheDocument();
  });

  it('opens an image larger', async () => {
    stubFetch({ [`GET ${API.gallery}`]: galleryReply(images) });
    const { user } = renderRoute('/gallery');
    await user.click(await screen.findByRole('button', { name: 'View image 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Image 2 of 2' });
    expect(within(dialog).getByRole('img', { name: 'Gallery image 2' })).toHaveAttribute('src', '/uploads/g2.webp');
  });
});

describe('Gallery admin', () => {
  it('uploads chosen images: Upload is disabled until a file is chosen, previews can be removed', async () => {
    let served = images;
    const calls = stubFetch({ [`GET ${API.gallery}`]: () => galleryReply(served) });
    const xhrCalls = stubXhr({ body: { success: true, message: 'Images uploaded successfully!' } });
    logIn('ADMIN');
    renderRoute('/gallery');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: UI_TEXT.addImages }));
    const dialog = screen.getByRole('dialog', { name: 'Add Images' });
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();

    const picker = within(dialog).getByLabelText('Choose images');
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAttribute('multiple');
    expect(picker).toHaveAttribute('accept', 'image/*');
    await user.upload(picker, [png('a.png'), png('b.png')]);
    expect(within(dialog).getByRole('img', { name: 'Preview of a.png' })).toHaveAttribute('src', 'blob:preview-1');
    expect(upload).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Remove a.png' }));
    expect(within(dialog).queryByRole('img', { name: 'Preview of a.png' })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');

    served = [...images, { _id: 'g3', secure_url: '/uploads/g3.webp' }];
    await user.click(upload);
    await waitFor(() => expect(callsTo(calls, 'GET', API.gallery)).toHaveLength(2));
    expect(xhrCalls).toHaveLength(1);
    expect(xhrCalls[0]!.path).toBe(API.addImages);
    const sent = (xhrCalls[0]!.body as FormData).getAll('galleryImages') as File[];
    expect(sent.map((f) => f.name)).toEqual(['b.png']);
    expect(await screen.findByRole('button', { name: 'View image 3' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the upload progress reported by the request', async () => {
    stubFetch({ [`GET ${API.gallery}`]: galleryReply(images) });
    // A request that reports half its bytes sent and then waits, so the bar can be read mid-upload.
    const held = stubHeldXhr();
    logIn('ADMIN');
    renderRoute('/gallery');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: UI_TEXT.addImages }));
    const dialog = screen.getByRole('dialog', { name: 'Add Images' });
    await user.upload(within(dialog).getByLabelText('Choose images'), png('a.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const bar = within(dialog).getByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    held[0]?.answer({ body: { success: true, message: 'Images uploaded successfully!' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Cancel upload stops the request, says so, and keeps the chosen images to send again', async () => {
    const calls = stubFetch({ [`GET ${API.gallery}`]: galleryReply(images) });
    const held = stubHeldXhr();
    logIn('ADMIN');
    const { user } = renderRoute('/gallery');
    await user.click(await screen.findByRole('button', { name: UI_TEXT.addImages }));
    const dialog = screen.getByRole('dialog', { name: 'Add Images' });
    await user.upload(within(dialog).getByLabelText('Choose images'), [png('a.png'), png('b.png')]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    // The dialog cannot be closed while the upload runs; only Cancel upload stops it.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: UI_TEXT.cancelUpload }));

    expect(held[0]?.aborted).toBe(true);
    expect(await screen.findByText(UI_TEXT.uploadCancelled)).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByText('2 images selected')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Preview of b.png' })).toBeInTheDocument();
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toHaveFocus());
    // Nothing was stored, so the gallery is not asked for again.
    expect(callsTo(calls, 'GET', API.gallery)).toHaveLength(1);

    await user.click(upload);
    await waitFor(() => expect(held).toHaveLength(2));
    expect(((held[1]?.call.body as FormData).getAll('galleryImages') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png']);
  });

  it('refuses non-images, files over 10 MB and more than 20 files, with a message', async () => {
    stubFetch({ [`GET ${API.gallery}`]: galleryReply(images) });
    logIn('ADMIN');
    renderRoute('/gallery');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: UI_TEXT.addImages }));
    const dialog = screen.getByRole('dialog', { name: 'Add Images' });
    const picker = within(dialog).getByLabelText('Choose images');

    await user.upload(picker, [new File(['x'], 'notes.txt', { type: 'text/plain' }), png('huge.png', 10 * 1024 * 1024 + 1)]);
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('"notes.txt" is not an image.');
    expect(alert).toHaveTextContent('"huge.png" is larger than 10 MB.');
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(
      picker,
      Array.from({ length: 21 }, (_, i) => png(`p${i}.png`)),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You can upload at most 20 images at a time; 1 not added.');
    expect(within(within(dialog).getByRole('list', { name: 'Selected images' })).getAllByRole('listitem')).toHaveLength(20);
  });

  it('deletes one image after confirmation and reloads', async () => {
    const calls = stubFetch({
      [`GET ${API.gallery}`]: galleryReply(images),
      [`DELETE ${API.deleteImage('g2')}`]: { body: { success: true, message: 'Image Deleted Successfully !' } },
    });
    logIn('ADMIN');
    const { user } = renderRoute('/gallery');
    await user.click(await screen.findByRole('button', { name: 'Delete image 2' }));
    const dialog = screen.getByRole('dialog', { name: UI_TEXT.deleteImageConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'GET', API.gallery)).toHaveLength(2));
    expect(callsTo(calls, 'DELETE', API.deleteImage('g2'))).toHaveLength(1);
  });

  it('deletes all images after confirmation and reloads; Cancel does nothing', async () => {
    const calls = stubFetch({
      [`GET ${API.gallery}`]: galleryReply(images),
      [`DELETE ${API.deleteAllImages}`]: { body: { success: true, message: 'Images Deleted Successfully !' } },
    });
    logIn('ADMIN');
    const { user } = renderRoute('/gallery');
    await user.click(await screen.findByRole('button', { name: UI_TEXT.deleteAllImages }));
    await user.click(within(screen.getByRole('dialog', { name: UI_TEXT.deleteAllImagesConfirm })).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'DELETE', API.deleteAllImages)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: UI_TEXT.deleteAllImages }));
    await user.click(within(screen.getByRole('dialog', { name: UI_TEXT.deleteAllImagesConfirm })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'GET', API.gallery)).toHaveLength(2));
    expect(callsTo(calls, 'DELETE', API.deleteAllImages)).toHaveLength(1);
  });
});
