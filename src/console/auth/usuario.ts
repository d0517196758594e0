/** SPEC.md section 3's user details, mapped once from the token's claims (DESIGN.md section 5). */
export interface DetalhesUsuario {
  uuid: string;
  username: string;
  firstName: string;
  surnames: string;
  completeName: string;
  email: string;
  emailVerified: boolean;
}

export interface ClaimsToken {
  sub?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  [outro: string]: unknown;
}

export function usuarioDoToken(c: ClaimsToken): DetalhesUsuario {
  const firstName = c.given_name ?? '';
  const surnames = c.family_name ?? '';
  return {
    uuid: c.sub ?? '',
    username: c.preferred_username ?? '',
    firstName: firstName || c.preferred_username || '',
    surnames,
    completeName: c.name ?? [firstName, surnames].filter(Boolean).join(' '),
    email: c.email ?? '',
    emailVerified: c.email_verified === true,
  };
}
