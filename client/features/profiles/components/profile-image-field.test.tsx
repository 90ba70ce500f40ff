import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, stubApi } from '#client/features/profiles/test/profile-fixtures.ts';
import { buildProfile } from '#client/test/account-fixtures.ts';

import { ProfileImageField, type UploadAvatar } from './profile-image-field.tsx';

const IMAGE_URL = '/media/images/0b3c1e6e-9d7a-4f0e-8a55-2f4d6a1c9e01/s384.webp';

describe('ProfileImageField', () => {
  it('shows the progress an upload reports, then saves the picture', async () => {
    const api = stubApi({
      answer: ({ path, method }) =>
        path === '/api/users/user-1/profile' && method === 'PATCH'
          ? json({ profile: buildProfile({ profileImageURL: IMAGE_URL }) })
          : undefined,
    });
    let finish: () => void = () => {};
    const upload = vi.fn<UploadAvatar>(
      (_file, { onProgress }) =>
        new Promise((resolve) => {
          onProgress?.(0.25);
          finish = () => resolve({ url: IMAGE_URL });
        }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <ProfileImageField userId="user-1" profile={buildProfile()} upload={upload} />
      </QueryClientProvider>,
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');

    await userEvent.setup().upload(input, new File(['png'], 'me.png', { type: 'image/png' }));

    expect(await screen.findByText('Uploading… 25%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '25');
    finish();
    await waitFor(() =>
      expect(api.calls('PATCH', '/api/users/user-1/profile')).toEqual([{ profileImageURL: IMAGE_URL }]),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
