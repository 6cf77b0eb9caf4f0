// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

afterEach(() => {
  cleanup();
});

describe('EmailAddress', () => {
  it('reads as the address, and may wrap only before the @ and after a dot', () => {
    const { container } = render(
      <p>
        <EmailAddress email="jean.mukendi@entreprise-kinshasa.cd" />
      </p>,
    );
    const paragraph = container.querySelector('p') as HTMLParagraphElement;
    expect(paragraph.textContent).toBe('jean.mukendi@entreprise-kinshasa.cd');
    expect(paragraph.innerHTML).toBe('jean.<wbr>mukendi<wbr>@entreprise-kinshasa.<wbr>cd');
  });
});
