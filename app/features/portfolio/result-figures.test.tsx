// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultFigures, resultFigure } from './result-figures';

afterEach(cleanup);

describe('resultFigure', () => {
  it('reads the leading figure of a value, its unit kept and its spaces made no-break', () => {
    expect(resultFigure('+210 %')).toEqual({ figure: '+210\u00a0%', rest: null, prose: false });
    expect(resultFigure('48 500 $')).toEqual({ figure: '48\u00a0500\u00a0$', rest: null, prose: false });
    expect(resultFigure('-45 %').figure).toBe('-45\u00a0%');
    expect(resultFigure('1 400').figure).toBe('1\u00a0400');
    expect(resultFigure('< 2 h').figure).toBe('<\u00a02\u00a0h');
    expect(resultFigure('x3').figure).toBe('x3');
    expect(resultFigure('1,5 M').figure).toBe('1,5\u00a0M');
  });

  it('puts the words after the figure under it', () => {
    expect(resultFigure('+150 % de ventes')).toEqual({
      figure: '+150\u00a0%',
      rest: 'de ventes',
      prose: false,
    });
    expect(resultFigure('1 400 prospects par mois')).toEqual({
      figure: '1\u00a0400',
      rest: 'prospects par mois',
      prose: false,
    });
    // "M" is a unit only on its own: "3 Mobile Money" is 3, then words.
    expect(resultFigure('3 Mobile Money')).toEqual({ figure: '3', rest: 'Mobile Money', prose: false });
  });

  it('keeps a value without a leading number whole, as prose', () => {
    expect(resultFigure('Top 3 Google')).toEqual({ figure: 'Top 3 Google', rest: null, prose: true });
    expect(resultFigure('  Doublé  ')).toEqual({ figure: 'Doublé', rest: null, prose: true });
  });
});

describe('ResultFigures', () => {
  it('shows each result as a large figure with its label, the figure first', () => {
    render(
      <ResultFigures
        results={[
          { label: 'Ouvertures de comptes', value: '+210 %' },
          { label: 'En six mois', value: '+150 % de ventes' },
        ]}
      />,
    );
    const figures = screen.getAllByTestId('result-figure');
    expect(figures.map((f) => f.textContent)).toEqual(['+210\u00a0%', '+150\u00a0%']);
    for (const figure of figures) expect(figure.className).toContain('font-extrabold');
    const terms = screen.getAllByRole('term');
    expect(terms.map((t) => t.textContent)).toEqual(['Ouvertures de comptes', 'En six mois']);
    const definitions = screen.getAllByRole('definition');
    expect(definitions[1]?.textContent).toBe('+150\u00a0%de ventes');
  });
});
