import { describe, expect, it } from 'vitest';
import { buttonVariants } from '~/components/ui/button';
import { cn } from './cn';

describe('cn', () => {
  it('lets a later display utility override an earlier one, responsive variants kept', () => {
    const classes = cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'hidden sm:inline-flex').split(' ');
    expect(classes).toContain('hidden');
    expect(classes).toContain('sm:inline-flex');
    expect(classes).not.toContain('inline-flex');
  });

  it('keeps the theme colour tokens apart from sizes', () => {
    expect(cn('text-sm text-gray-800', 'text-brand-800')).toBe('text-sm text-brand-800');
    expect(cn('text-brand-800 text-base', 'text-sm')).toBe('text-brand-800 text-sm');
    expect(cn('bg-brand-700 text-white', 'bg-brand-50')).toBe('text-white bg-brand-50');
    expect(cn('ring-1 ring-brand-700', 'ring-2')).toBe('ring-brand-700 ring-2');
    expect(cn('focus-visible:outline-brand-700', 'focus-visible:outline-white')).toBe(
      'focus-visible:outline-white',
    );
  });

  it('keeps the font family token beside a weight', () => {
    expect(cn('font-sans', 'font-bold')).toBe('font-sans font-bold');
  });

  it('still drops falsy values and keeps unknown classes', () => {
    expect(cn('group', false, undefined, 'prose', { 'mt-2': true, 'mt-4': false })).toBe('group prose mt-2');
  });
});
