/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActiveProfile, CurrentUser } from '../../../../src/shared/types';
import { apiLog } from '../../../../src/web/api/log';
import { photoProblems } from '../../../../src/web/features/profile/photoRules';
import ProfilePage from '../../../../src/web/features/profile/ProfilePage';
import { PHOTO_PLACEHOLDER } from '../../../../src/web/features/profile/PhotoUpload';
import { renderWithProviders } from '../../../support/render';
import { json } from '../../../support/webFetch';
import { routeFetch, summary, type Handler } from '../taskList/fetchRoutes';

const profile: ActiveProfile = {
  uuid: 'u-anna',
  deleted: false,
  display_name: 'Anna B.',
  photo: { thumbnail: '/uploads/anna.jpg' },
  is_legal: true,
  is_online: true,
  customer_rating: 4.5,
  freelancer_rating: null,
  is_freelancer: false,
  languages: ['lv', 'en'],
  categories: [],
  created_at: '2023-01-10T10:00:00Z',
  reviews: [
    {
      rate: 5,
      feedback: 'Clear task and quick payment.',
      status: 'completed',
      target_role: 'customer',
      created_at: '2024-03-01T10:00:00Z',
      author: { uuid: 'u-ivo', display_name: 'Ivo P.', photo: null },
      task: { identifier: 'TKAAA111', title: 'Paint a fence' },
    },
  ],
  tasks: [summary()],
};

const anna: CurrentUser = {
  uuid: 'u-anna',
  email: 'anna@example.com',
  full_name: 'Anna Berzina',
  display_name: 'Anna B.',
  is_freelancer: false,
  is_legal: true,
  photo: { thumbnail: '/uploads/anna.jpg' },
  phone_number: '+371 20000001',
  languages: ['lv', 'en'],
};

beforeEach(() => {
  jest.spyOn(apiLog, 'response').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function setup({
  me = null,
  body = { data: profile },
  photo = () => json(200, { data: anna }),
}: { me?: CurrentUser | null; body?: unknown; photo?: Handler } = {}) {
  const fetches = routeFetch({
    '/me': () => (me ? json(200, { data: me }) : json(401, { message: 'Unauthenticated.' })),
    '/users/u-anna': () => json(200, body),
    'PUT /me/profile': () => json(200, { data: anna }),
    'POST /me/photo': photo,
  });
  const rendered = renderWithProviders(<ProfilePage />, {
    route: '/en/user/profile/u-anna',
    path: '/en/user/profile/:uuid',
  });
  return { ...rendered, fetches };
}

/** A file of `bytes` bytes whose content starts with `head` (e.g. a JPEG's magic number). */
const file = (name: string, type: string, bytes: number, head: number[] = []) => {
  const content = new Uint8Array(bytes);
  content.set(head.slice(0, bytes));
  return new File([content], name, { type });
};
const JPEG_START = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];

describe('ProfilePage for a visitor', () => {
  it('shows the public profile without the edit form', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Anna B.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Business');
    expect(screen.getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Anna B.' })).toHaveAttribute(
      'src',
      '/uploads/anna.jpg',
    );
    const ratings = screen.getByRole('region', { name: 'Ratings' });
    expect(ratings).toHaveTextContent('As a customer');
    expect(ratings).toHaveTextContent('4.5 out of 5');
    expect(ratings).toHaveTextContent('1 review');
    expect(ratings).toHaveTextContent('No ratings yet');
    expect(screen.getByText('Clear task and quick payment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fix a leaking tap' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Languages' })).toHaveTextContent('LV');
    expect(screen.queryByRole('heading', { name: 'Edit your profile' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Image')).not.toBeInTheDocument();
  });

  it('shows another user’s profile without the form to a logged-in user', async () => {
    setup({ me: { ...anna, uuid: 'u-other' } });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByLabelText('Display name')).not.toBeInTheDocument());
  });

  it('shows the deleted-user page for a deleted account', async () => {
    setup({ body: { data: { uuid: 'u-anna', deleted: true } } });
    expect(await screen.findByRole('heading', { name: 'Deleted user' })).toBeInTheDocument();
    expect(screen.getByText(/This account has been deleted/)).toBeInTheDocument();
  });
});

describe('ProfilePage for its owner', () => {
  it('edits display name, phone and languages and sends them', async () => {
    const { user, fetches } = setup({ me: anna });
    const name = await screen.findByLabelText('Display name');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+371 20000001');
    expect(screen.getByRole('checkbox', { name: 'Latviešu' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Anna Berzina');
    await user.click(screen.getByRole('checkbox', { name: 'Русский' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetches.to('/me/profile')).toHaveLength(1));
    expect(await fetches.to('/me/profile')[0].json()).toEqual({
      display_name: 'Anna Berzina',
      phone_number: '+371 20000001',
      languages: ['lv', 'en', 'ru'],
    });
  });

  it('checks the phone with the shared schema before sending', async () => {
    const { user, fetches } = setup({ me: anna });
    const phone = await screen.findByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(phone).toHaveAccessibleDescription(/international format/);
    expect(fetches.to('/me/profile')).toHaveLength(0);
  });

  it('has the photo field labelled Image with id photo and png/jpg/jpeg accepted', async () => {
    setup({ me: anna });
    const input = await screen.findByLabelText('Image');
    expect(input).toHaveAttribute('id', 'photo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input.getAttribute('accept')).toContain('.png');
    expect(input.getAttribute('accept')).toContain('.jpg');
    expect(input.getAttribute('accept')).toContain('.jpeg');
  });

  it('opens the picker with a translated button, not the browser’s own "Choose File" (hidden input)', async () => {
    setup({ me: { ...anna, photo: null }, body: { data: { ...profile, photo: null } } });
    const input = await screen.findByLabelText('Image');
    // The native control is out of sight but still the one Tab reaches, named by both labels.
    expect(getComputedStyle(input).position).toBe('absolute');
    expect(getComputedStyle(input).width).toBe('1px');
    expect(input).toHaveAccessibleName('Image Choose a photo');
    const button = screen.getByText('Choose a photo');
    expect(button.tagName).toBe('LABEL');
    expect(button).toHaveAttribute('for', 'photo');
    expect(screen.getByText('No photo chosen')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/^No photo chosen PNG or JPG/);
  });

  it('names the chosen file beside the button and offers to change it', async () => {
    const { user } = setup({
      me: { ...anna, photo: null },
      body: { data: { ...profile, photo: null } },
    });
    const input = await screen.findByLabelText('Image');
    await user.upload(input, file('me.jpg', 'image/jpeg', 1000, JPEG_START));
    expect(await screen.findByText('me.jpg')).toBeInTheDocument();
    expect(screen.queryByText('No photo chosen')).not.toBeInTheDocument();
    expect(screen.getByText('Change photo')).toHaveAttribute('for', 'photo');
    expect(input).toHaveAccessibleDescription(/^me\.jpg/);
  });

  it('with a photo on the profile, offers to change it and says nothing is missing', async () => {
    setup({ me: anna });
    await screen.findByLabelText('Image');
    expect(screen.getByText('Change photo')).toBeInTheDocument();
    expect(screen.queryByText('No photo chosen')).not.toBeInTheDocument();
  });

  it('refuses a non-image before upload: first error over the preview, placeholder shown', async () => {
    const { fetches } = setup({ me: anna });
    const input = await screen.findByLabelText('Image');
    // A browser lets 'all files' through the picker; the accept list is only a hint.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, file('notes.txt', 'text/plain', 10));
    const preview = screen.getByTestId('photo-preview');
    // Not an image and not png/jpg/jpeg: only the first problem is shown.
    expect(within(preview).getByRole('alert')).toHaveTextContent('The file must be an image.');
    expect(within(preview).queryByText(/PNG, JPG or JPEG/)).not.toBeInTheDocument();
    expect(within(preview).getByRole('img')).toHaveAttribute('src', PHOTO_PLACEHOLDER);
    expect(fetches.to('/me/photo')).toHaveLength(0);
  });

  it('refuses a renamed non-image (image/jpeg by name, text by its first bytes) before upload', async () => {
    const { user, fetches } = setup({ me: anna });
    const input = await screen.findByLabelText('Image');
    const text = [...new TextEncoder().encode('Dear Anna, here are the notes')];
    await user.upload(input, file('holiday.jpg', 'image/jpeg', 1000, text));
    const preview = screen.getByTestId('photo-preview');
    expect(await within(preview).findByRole('alert')).toHaveTextContent(
      'The file must be an image.',
    );
    expect(within(preview).getByRole('img')).toHaveAttribute('src', PHOTO_PLACEHOLDER);
    expect(fetches.to('/me/photo')).toHaveLength(0);
  });

  it('refuses an image over 2048 KB before upload', async () => {
    const { user, fetches } = setup({ me: anna });
    const input = await screen.findByLabelText('Image');
    await user.upload(input, file('big.png', 'image/png', 2048 * 1024 + 1));
    const preview = screen.getByTestId('photo-preview');
    expect(within(preview).getByRole('alert')).toHaveTextContent(
      'The image must not be larger than 2,048 KB.',
    );
    expect(within(preview).getByRole('img')).toHaveAttribute('src', PHOTO_PLACEHOLDER);
    expect(fetches.to('/me/photo')).toHaveLength(0);
  });

  it('uploads a valid photo as multipart field photo, and shows the server’s 422 the same way', async () => {
    const { user, fetches } = setup({
      me: anna,
      photo: () =>
        json(422, {
          message: 'The given data was invalid.',
          errors: { photo: ['The file content is not a valid image.', 'Second'] },
        }),
    });
    const input = await screen.findByLabelText('Image');
    await user.upload(input, file('me.jpg', 'image/jpeg', 2048 * 1024, JPEG_START));
    await waitFor(() => expect(fetches.to('/me/photo')).toHaveLength(1));
    const form = await fetches.to('/me/photo')[0].formData();
    expect((form.get('photo') as File).name).toBe('me.jpg');
    const preview = screen.getByTestId('photo-preview');
    expect(await within(preview).findByRole('alert')).toHaveTextContent(
      'The file content is not a valid image.',
    );
    expect(within(preview).getByRole('img')).toHaveAttribute('src', PHOTO_PLACEHOLDER);
  });
});

describe('photoProblems', () => {
  it('lists every problem in order; a valid jpeg has none', () => {
    expect(photoProblems({ name: 'a.gif', type: 'image/gif', size: 5 * 1024 * 1024 })).toEqual([
      'type',
      'tooLarge',
    ]);
    expect(photoProblems({ name: 'a.exe', type: 'application/x-msdownload', size: 1 })).toEqual([
      'notImage',
      'type',
    ]);
    expect(photoProblems({ name: 'A.JPEG', type: 'image/jpeg', size: 2048 * 1024 })).toEqual([]);
  });
});
