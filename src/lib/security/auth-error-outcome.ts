import { authErrorToast, SECURITY_TOASTS } from './messages.ts';
import { failure, type FormOutcome } from './form-outcome.ts';

export interface AuthErrorLike {
  message: string;
  status?: number | undefined;
  code?: string | undefined;
  name?: string | undefined;
}

const SESSION_GONE = new Set([
  'session_not_found',
  'bad_jwt',
  'no_authorization',
  'user_not_found',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_expired',
]);

/** Messages for backend answers a person can act on; anything else shows the backend's words. */
const MESSAGES: Record<string, { status: number; message: string; field?: string }> = {
  invalid_credentials: { status: 400, message: 'The e-mail address or password is incorrect.' },
  email_not_confirmed: {
    status: 400,
    message:
      'Your e-mail address is not confirmed yet. Open the link or enter the code we sent you, or send a new confirmation e-mail.',
  },
  user_already_exists: {
    status: 422,
    message: 'An account with this e-mail address already exists. Sign in instead, or reset your password.',
    field: 'email',
  },
  email_exists: {
    status: 422,
    message: 'An account with this e-mail address already exists.',
    field: 'email',
  },
  otp_expired: {
    status: 403,
    message: 'That code is wrong or has expired. Request a new one.',
    field: 'code',
  },
  mfa_verification_failed: {
    status: 422,
    message: 'That code is not right. Enter the current code from your authenticator app.',
    field: 'code',
  },
  mfa_challenge_expired: {
    status: 422,
    message: 'That took too long. Enter the current code from your authenticator app.',
    field: 'code',
  },
  reauthentication_needed: {
    status: 400,
    message: 'Send yourself a verification code first, then enter it with your new password.',
    field: 'nonce',
  },
  reauthentication_not_valid: {
    status: 422,
    message: 'That verification code is wrong or has expired. Send a new one.',
    field: 'nonce',
  },
  same_password: {
    status: 422,
    message: 'Choose a password different from your current one.',
    field: 'password',
  },
  insufficient_aal: {
    status: 403,
    message: 'Confirm it is you with your authenticator app first, then try again.',
  },
  validation_failed: { status: 400, message: 'Check the details you entered.' },
};

function isRateLimited(error: AuthErrorLike): boolean {
  return error.status === 429 || (error.code?.startsWith('over_') ?? false);
}

/** Maps a supabase-js auth error to what the form shows, with the product's security toasts. */
export function outcomeForAuthError(error: AuthErrorLike): FormOutcome {
  if (isRateLimited(error)) {
    return {
      ...failure(429, SECURITY_TOASTS.rateLimit.message),
      toast: { ...SECURITY_TOASTS.rateLimit, kind: 'error' },
    };
  }
  if (error.code === 'weak_password') {
    return failure(422, 'Choose a stronger password.', { password: error.message });
  }
  if ((error.code && SESSION_GONE.has(error.code)) || error.name === 'AuthSessionMissingError') {
    const toast = authErrorToast(error.name === 'AuthSessionMissingError' ? null : error.message);
    return { ...failure(401, toast.message), toast: { ...toast, kind: 'error' } };
  }
  const known = error.code ? MESSAGES[error.code] : undefined;
  if (known)
    return failure(known.status, known.message, known.field ? { [known.field]: known.message } : undefined);
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
  return failure(status, error.message || 'Something went wrong. Please try again.');
}
