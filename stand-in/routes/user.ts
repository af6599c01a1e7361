import { ok } from '../http.ts';
import { userProfile } from '../views.ts';
import { LIBRARY_READ, type Route } from './shared.ts';

// §1: the token owner's profile. Tier is `is_pro`; there is no scopes field.
export const userRoutes: Route[] = [
  {
    method: 'GET', path: '/api/v1/user', kind: 'read', auth: true, abilities: LIBRARY_READ,
    handle: (ctx) => ok({ data: userProfile(ctx.view, ctx.member, ctx.showcase) }),
  },
];
