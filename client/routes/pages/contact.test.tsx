import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '#client/features/profiles/test/profile-fixtures.ts';
import { buildProfile } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import { CONTACT_MESSAGES } from '#shared/schemas/site.ts';

describe('/contact', () => {
  it('checks the fields before sending, with messages a person understands', async () => {
    const api = stubApi({ session: null });
    renderApp('/contact');
    const u = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
    expect(document.title).toBe('Contact · Townhall');
    await u.click(await screen.findByRole('button', { name: 'Send message' }));

    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveAccessibleDescription(
      CONTACT_MESSAGES.nameRequired,
    );
    expect(screen.getByText(CONTACT_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveFocus();

    await u.type(screen.getByRole('textbox', { name: 'Email address' }), 'not-an-address');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/contact')).toHaveLength(0);

    // Contrast needs a layout jsdom does not have; the browser tests check it.
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')).toEqual([]);
  });

  it('counts the message against its 5,000 characters', async () => {
    stubApi({ session: null });
    renderApp('/contact');
    const u = userEvent.setup();
    const message = await screen.findByRole('textbox', { name: 'Message' });
    await u.type(message, 'Hello');
    expect(screen.getByText('5 / 5000')).toBeInTheDocument();
  });

  it("fills in a signed-in person's name and address, sends, and says the message arrived", async () => {
    const api = stubApi({
      session: buildProfile({ name: 'Ada Lovelace' }),
      answer: ({ path, method }) =>
        path === '/api/contact' && method === 'POST' ? json({ message: CONTACT_MESSAGES.sent }, 201) : undefined,
    });
    renderApp('/contact');
    const u = userEvent.setup();

    const name = await screen.findByRole('textbox', { name: 'Your name' });
    expect(name).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('ada@example.com');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Privacy or my data');
    await u.type(screen.getByRole('textbox', { name: 'Message' }), 'Please send me a copy of my data.');
    await u.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(api.calls('POST', '/api/contact')).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        topic: 'privacy',
        message: 'Please send me a copy of my data.',
        website: '',
      },
    ]);

    await u.click(screen.getByRole('button', { name: 'Write another message' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada Lovelace');
  });

  it("shows the server's refusal, such as the rate limit, and keeps what was typed", async () => {
    stubApi({
      session: null,
      answer: ({ path }) =>
        path === '/api/contact'
          ? apiError(429, 'too_many_requests', 'Too many messages from your network. Please try again in 40 minutes.')
          : undefined,
    });
    renderApp('/contact');
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Grace');
    await u.type(screen.getByRole('textbox', { name: 'Email address' }), 'grace@example.com');
    await u.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello there');
    await u.click(screen.getByRole('button', { name: 'Send message' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your message was not sent');
    expect(alert).toHaveTextContent('Too many messages from your network. Please try again in 40 minutes.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello there'));
  });
});
