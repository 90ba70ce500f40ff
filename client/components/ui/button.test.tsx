import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Button, buttonVariants, type ButtonProps } from './button.tsx';

const VARIANTS: NonNullable<ButtonProps['variant']>[] = [
  'default',
  'cta',
  'hero',
  'destructive',
  'outline',
  'secondary',
  'ghost',
  'link',
];
const SIZES: NonNullable<ButtonProps['size']>[] = ['default', 'sm', 'lg', 'icon'];

describe('Button', () => {
  it('renders every variant as a button with its own classes', () => {
    render(
      <>
        {VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {variant}
          </Button>
        ))}
      </>,
    );

    const classLists = VARIANTS.map((variant) => {
      const button = screen.getByRole('button', { name: variant });
      expect(button).toHaveAttribute('type', 'button');
      return button.className;
    });
    expect(new Set(classLists).size).toBe(VARIANTS.length);
  });

  it('gives every size its own classes', () => {
    const classLists = SIZES.map((size) => buttonVariants({ size }));
    expect(new Set(classLists).size).toBe(SIZES.length);
  });

  it('uses the primary colour by default and shows a focus ring', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveClass('bg-primary', 'text-primary-foreground', 'focus-visible:ring-2');
  });

  it('runs its handler, and does not when disabled', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Save</Button>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button onClick={onClick} disabled>
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is busy and disabled while loading, with a spinner', () => {
    render(<Button isLoading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('[data-slot="spinner"]')).not.toBeNull();
  });

  it('lends its classes to its child with asChild', () => {
    render(
      <Button asChild variant="outline">
        <a href="/groups">Groups</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Groups' });
    expect(link).toHaveAttribute('href', '/groups');
    expect(link).toHaveClass('border');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
