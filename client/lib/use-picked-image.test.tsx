import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '#shared/lib/image-urls.ts';

import { imageFileProblem, usePickedImage } from './use-picked-image.ts';

function fileOf(type: string, size = 3) {
  const file = new File(['png'], 'picture', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** An image field in the least: the hidden input, what the hook shows. */
function Field({ send }: { send: (file: File) => Promise<void> }) {
  const { inputRef, preview, failure, onFileChange } = usePickedImage(send);
  return (
    <>
      <input ref={inputRef} type="file" data-testid="file" onChange={onFileChange} />
      <p data-testid="preview">{preview ?? 'none'}</p>
      {failure ? <p role="alert">{failure}</p> : null}
    </>
  );
}

describe('imageFileProblem', () => {
  it("refuses in the server's words what the server surely refuses, before its bytes are sent", () => {
    expect(imageFileProblem(fileOf('image/png'))).toBeNull();
    // the browser's type comes from the name only; a file without one is for the server to judge
    expect(imageFileProblem(fileOf(''))).toBeNull();
    expect(imageFileProblem(fileOf('application/pdf'))).toBe(IMAGE_MESSAGES.wrongType);
    expect(imageFileProblem(fileOf('image/png', IMAGE_MAX_BYTES))).toBeNull();
    expect(imageFileProblem(fileOf('image/png', IMAGE_MAX_BYTES + 1))).toBe(IMAGE_MESSAGES.tooManyBytes);
  });
});

describe('usePickedImage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('never sends a file the server surely refuses, and says why', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<Field send={send} />);

    await userEvent.setup().upload(screen.getByTestId('file'), fileOf('application/pdf'));

    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_MESSAGES.wrongType);
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the picked picture while it is sent, then lets the preview go', async () => {
    const createObjectURL = vi.fn(() => 'blob:picked');
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs: a URL class with them stands in for the browser's
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    let finish: () => void = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Field send={send} />);
    const picked = fileOf('image/png');

    await userEvent.setup().upload(screen.getByTestId('file'), picked);

    expect(send).toHaveBeenCalledWith(picked);
    expect(screen.getByTestId('preview')).toHaveTextContent('blob:picked');
    finish();
    await waitFor(() => expect(screen.getByTestId('preview')).toHaveTextContent('none'));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:picked');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows what the sending threw', async () => {
    render(<Field send={() => Promise.reject(new Error('The server is away.'))} />);

    await userEvent.setup().upload(screen.getByTestId('file'), fileOf('image/png'));

    expect(await screen.findByRole('alert')).toHaveTextContent('The server is away.');
  });
});
