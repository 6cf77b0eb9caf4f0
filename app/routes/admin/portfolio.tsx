import { PortfolioScreen } from '~/features/admin/portfolio/portfolio-screen';

export const meta = () => [{ title: 'Portfolio — Administration' }];

/** The case studies: app/features/admin/portfolio/portfolio-screen.tsx. */
export default function AdminPortfolio() {
  return <PortfolioScreen />;
}
