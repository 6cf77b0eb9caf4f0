// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATE_FORMAT_MESSAGE, TIME_FORMAT_MESSAGE } from '~/lib/french-date';
import { DateField, DateTimeField } from './date-time-field';

afterEach(cleanup);

/** A form's state around a field: what the field gives is shown as the form would send it. */
function Form({ kind, initial = '' }: { kind: 'date' | 'date-time'; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {kind === 'date' ? (
        <DateField label="Inscrits depuis le" value={value} onChange={setValue} />
      ) : (
        <DateTimeField label="Date et heure (Kinshasa)" value={value} onChange={setValue} />
      )}
      <output data-testid="sent">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Vider
      </button>
    </>
  );
}

const sent = () => screen.getByTestId('sent').textContent;
/** A message as written, its non-breaking spaces included. */
const message = (text: string) => screen.queryByText(text, { normalizer: (shown) => shown.trim() });

describe('DateField', () => {
  it('shows a stored day as jj/mm/aaaa and sends what is typed the French way as YYYY-MM-DD', () => {
    render(<Form kind="date" initial="2026-01-06" />);
    const input = screen.getByLabelText('Inscrits depuis le') as HTMLInputElement;
    expect(input.value).toBe('06/01/2026');
    expect(input.placeholder).toBe('jj/mm/aaaa');
    fireEvent.change(input, { target: { value: '4/12/2026' } });
    expect(sent()).toBe('2026-12-04');
    // What is being typed is never rewritten under the fingers.
    expect(input.value).toBe('4/12/2026');
    // Emptied from outside (a form reset): the text follows.
    fireEvent.click(screen.getByRole('button', { name: 'Vider' }));
    expect(input.value).toBe('');
  });

  it('shows digits typed on a numeric keypad as the date they were understood as, once left', () => {
    render(<Form kind="date" />);
    const input = screen.getByLabelText('Inscrits depuis le') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '04122026' } });
    expect(sent()).toBe('2026-12-04');
    expect(input.value).toBe('04122026');
    fireEvent.blur(input);
    expect(input.value).toBe('04/12/2026');
    expect(sent()).toBe('2026-12-04');
    expect(message(DATE_FORMAT_MESSAGE)).toBeNull();
  });

  it('says how to write a date once the field is left with something else', () => {
    render(<Form kind="date" />);
    const input = screen.getByLabelText('Inscrits depuis le');
    fireEvent.change(input, { target: { value: '12/31/2026' } });
    expect(message(DATE_FORMAT_MESSAGE)).toBeNull();
    fireEvent.blur(input);
    expect(message(DATE_FORMAT_MESSAGE)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message(DATE_FORMAT_MESSAGE)?.id);
    // Not a date: the form gets the text, which its own check refuses.
    expect(sent()).toBe('12/31/2026');
    fireEvent.change(input, { target: { value: '31/12/2026' } });
    expect(message(DATE_FORMAT_MESSAGE)).toBeNull();
    expect(sent()).toBe('2026-12-31');
  });

  // The calendar's code loads on the first opening. Importing it (react-day-picker, its French
  // locale, Radix's popover) took more than 20 s once in CI, with the browser journeys running
  // beside the unit tests; the hook's ceiling is generous, and the click below then finds the
  // module ready, as a second opening in the back-office does.
  beforeAll(async () => {
    await import('./calendar-popover');
  });

  it('opens a French calendar, weeks from Monday, and a day chosen there fills the field', async () => {
    render(<Form kind="date" initial="2026-12-04" />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le calendrier\u00a0: Inscrits depuis le' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendrier\u00a0: Inscrits depuis le' });
    const grid = within(calendar).getByRole('grid');
    expect(grid.getAttribute('aria-label')).toBe('décembre 2026');
    // Weeks start on Monday: the month's first row opens on Monday 30 November.
    const headers = [...grid.querySelectorAll('th')].map((header) => header.textContent);
    expect(headers).toEqual(['lu', 'ma', 'me', 'je', 've', 'sa', 'di']);
    expect(within(grid).getAllByRole('button')[0]?.getAttribute('aria-label')).toMatch(
      /^lundi 30 novembre 2026/,
    );
    fireEvent.click(within(calendar).getByRole('button', { name: /^mardi 15 décembre 2026/ }));
    expect((screen.getByLabelText('Inscrits depuis le') as HTMLInputElement).value).toBe('15/12/2026');
    expect(sent()).toBe('2026-12-15');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DateTimeField', () => {
  it('shows a stored time in two French parts and sends YYYY-MM-DDTHH:MM', () => {
    render(<Form kind="date-time" initial="2026-01-06T10:00" />);
    const group = within(screen.getByRole('group', { name: 'Date et heure (Kinshasa)' }));
    const day = group.getByLabelText('Date') as HTMLInputElement;
    const time = group.getByLabelText('Heure') as HTMLInputElement;
    expect([day.value, time.value]).toEqual(['06/01/2026', '10:00']);
    fireEvent.change(time, { target: { value: '14h30' } });
    expect(sent()).toBe('2026-01-06T14:30');
    fireEvent.change(day, { target: { value: '07/01/2026' } });
    expect(sent()).toBe('2026-01-07T14:30');
    fireEvent.change(time, { target: { value: '14:30:08' } });
    expect(sent()).toBe('2026-01-07T14:30:08');
  });

  it('shows digits typed on a numeric keypad as the day and time understood, once left', () => {
    render(<Form kind="date-time" />);
    const group = within(screen.getByRole('group', { name: 'Date et heure (Kinshasa)' }));
    const day = group.getByLabelText('Date') as HTMLInputElement;
    const time = group.getByLabelText('Heure') as HTMLInputElement;
    fireEvent.change(day, { target: { value: '04122026' } });
    fireEvent.blur(day);
    fireEvent.change(time, { target: { value: '1430' } });
    expect(time.value).toBe('1430');
    fireEvent.blur(time);
    expect([day.value, time.value]).toEqual(['04/12/2026', '14:30']);
    expect(sent()).toBe('2026-12-04T14:30');
  });

  it('refuses the English clock, saying how to write the time', () => {
    render(<Form kind="date-time" initial="2026-01-06T10:00" />);
    const time = screen.getByLabelText('Heure');
    fireEvent.change(time, { target: { value: '2:30 PM' } });
    fireEvent.blur(time);
    expect(message(TIME_FORMAT_MESSAGE)).toBeTruthy();
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(sent()).not.toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
