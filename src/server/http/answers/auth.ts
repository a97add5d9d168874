import type {
  AuthMessage, EmailVerified, EndUserChangePasswordInput, EndUserLoginInput, EndUserMe, EndUserRefreshInput, EndUserSignupInput,
  EndUserTokens, LoggedOutAll, VerificationConfirmInput, VerificationPending, VerificationResendInput,
} from '../../../end-users/accounts.ts'
import type {
  ApiKeyIntrospectInput, ApiKeyIntrospection, CreatedEndUserApiKey, EndUserApiKeyInput, EndUserApiKeyList,
} from '../../../end-users/api-keys.ts'
import type { EndUserCreateInput, EndUserDetail, EndUserSummary } from '../../../end-users/admin.ts'
import type { SigningKeyInfo } from '../../../end-users/signing-key.ts'
import type { EditorSessionsRevoked, EditorSignInInput, EditorSignInLink } from '../../../sessions/editor-session.ts'

/**
 * Project auth for end users (`/auth/*`, wire-compatible with ElmapiCMS's), the owner's end-user
 * management (`/_admin/api/users`, the signing key) and the editor's sign-in routes.
 */
export interface AuthAnswers {
  /** A sign-in's tokens and its user (sign-in, refresh). */
  EndUserTokens: EndUserTokens
  /** A sign-up: tokens (201), or, when the project wants addresses confirmed, the user waiting for it (202). */
  EndUserSignup: EndUserTokens | VerificationPending
  /** A project-auth answer that is only a message. */
  AuthMessage: AuthMessage
  /** Every sign-in of the user ended, and how many. */
  EndUserLoggedOutAll: LoggedOutAll
  /** The signed-in end user. */
  EndUserMe: EndUserMe
  /** An address confirmed, with its user. */
  EmailVerified: EmailVerified
  /** The signed-in user's API keys, newest first (prefixes only). */
  EndUserApiKeyList: EndUserApiKeyList
  /** An API key just made, with its key shown this once. */
  CreatedEndUserApiKey: CreatedEndUserApiKey
  /** Whether a `uak_` key is live, and whose. */
  ApiKeyIntrospection: ApiKeyIntrospection
  /** An end user as the project's owner sees them (status and counts, never a hash). */
  EndUserSummary: EndUserSummary
  /** Every end user of the project. */
  EndUserList: EndUserSummary[]
  /** One end user with their API keys (prefixes only). */
  EndUserDetail: EndUserDetail
  /** The new key that signs end users' access tokens (never its secret). */
  EndUserSigningKey: SigningKeyInfo
  /** A one-time sign-in link to the editor. */
  EditorSignInLink: EditorSignInLink
  /** How many editor sessions were ended. */
  EditorSessionsRevoked: EditorSessionsRevoked
}

export interface AuthInputs {
  /** An end user signing up. */
  EndUserSignupInput: EndUserSignupInput
  /** An end user signing in. */
  EndUserLoginInput: EndUserLoginInput
  /** The refresh token to spend for a new pair. */
  EndUserRefreshInput: EndUserRefreshInput
  /** The current password and the new one. */
  EndUserChangePasswordInput: EndUserChangePasswordInput
  /** The address to send a new verification email to. */
  VerificationResendInput: VerificationResendInput
  /** The verification link's token. */
  VerificationConfirmInput: VerificationConfirmInput
  /** An API key to make for the signed-in user. */
  EndUserApiKeyInput: EndUserApiKeyInput
  /** The `uak_` key to introspect. */
  ApiKeyIntrospectInput: ApiKeyIntrospectInput
  /** An end user the owner creates. */
  EndUserCreateInput: EndUserCreateInput
  /** An API token to sign in to the editor with. */
  EditorSignInInput: EditorSignInInput
}
