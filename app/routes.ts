import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Any other path: the 404 page, with HTTP status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
