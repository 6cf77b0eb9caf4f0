// @vitest-environment happy-dom
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { holdTypedValues } from './hydrate';

function Form() {
  const [email, setEmail] = useState('');
  const [topic, setTopic] = useState('a');
  const [agreed, setAgreed] = useState(false);
  return (
    <form>
      <input aria-label="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <select aria-label="topic" value={topic} onChange={(event) => setTopic(event.target.value)}>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <input
        type="checkbox"
        aria-label="agreed"
        checked={agreed}
        onChange={(event) => setAgreed(event.target.checked)}
      />
      <output>{`${email}|${topic}|${agreed}`}</output>
    </form>
  );
}

describe('an island typed into before it hydrated', () => {
  it('keeps what the visitor entered, in the fields and in its state', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const element = document.createElement('div');
    element.innerHTML = renderToString(<Form />);
    document.body.append(element);
    // The visitor, before any script ran.
    (element.querySelector('input[aria-label=email]') as HTMLInputElement).value = 'grace@example.cd';
    (element.querySelector('select') as HTMLSelectElement).value = 'b';
    (element.querySelector('input[type=checkbox]') as HTMLInputElement).checked = true;

    const typedAgain = holdTypedValues(element);
    await act(async () => {
      hydrateRoot(element, <Form />);
    });
    await act(async () => typedAgain());

    expect(element.querySelector('output')?.textContent).toBe('grace@example.cd|b|true');
    expect((element.querySelector('input[aria-label=email]') as HTMLInputElement).value).toBe(
      'grace@example.cd',
    );
    expect((element.querySelector('input[type=checkbox]') as HTMLInputElement).checked).toBe(true);
  });
});
