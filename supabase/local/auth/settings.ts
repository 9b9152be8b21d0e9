import { bool, envStr, num, section, str, strs, type RawConfig } from '../config.ts';
import { readHook, type PgFunctionHook } from './hooks.ts';

/** [auth.email.smtp]: the mail server auth's e-mails go through instead of straight into the mailbox. */
export interface AuthSmtpConfig {
  host: string;
  port: number;
  user: string;
  pass: string;
  /** The From address, with sender_name as its display name. */
  adminEmail: string;
  senderName: string;
}

/** The [auth] sections of supabase/config.toml, with the Supabase CLI's names and Unipath's defaults. */
export interface AuthConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableSignup: boolean;
  enableAnonymousSignIns: boolean;
  enableManualLinking: boolean;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  minimumPasswordLength: number;
  /**
   * Refuse the most common passwords (a list shipped with the stack): the stack's own switch
   * (`refuse_leaked_passwords` under [auth]) standing in for hosted Supabase's "Prevent use of leaked
   * passwords", which checks HaveIBeenPwned. Off unless config.toml turns it on, as on a new project.
   */
  refuseLeakedPasswords: boolean;
  email: {
    enableSignup: boolean;
    confirmations: boolean;
    doubleConfirmChanges: boolean;
    securePasswordChange: boolean;
    maxFrequency: number;
    otpLength: number;
    otpExpiry: number;
    /** Null unless [auth.email.smtp] is enabled: then e-mails go out over SMTP. */
    smtp: AuthSmtpConfig | null;
    /** [auth.email.template.<type>]: a subject and an HTML body in place of Auth's defaults. */
    templates: Readonly<Record<string, EmailTemplate>>;
  };
  sms: { enableSignup: boolean; confirmations: boolean; maxFrequency: number; otpExpiry: number };
  mfa: {
    maxFactors: number;
    totpEnroll: boolean;
    totpVerify: boolean;
    phoneEnroll: boolean;
    phoneVerify: boolean;
  };
  rateLimit: {
    emailSent: number;
    smsSent: number;
    tokenRefresh: number;
    signInSignUps: number;
    tokenVerifications: number;
    anonymousUsers: number;
    /** Count the first X-Forwarded-For address as the client (only behind a trusted proxy). */
    trustForwardedFor: boolean;
  };
  /** [auth.hook.*]: Postgres functions Auth calls at set points; null when not enabled. */
  hooks: { customAccessToken: PgFunctionHook | null };
}

/** Parses a Go-style duration ("1s", "1m30s", "24h") into seconds. */
export function durationSeconds(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return fallback;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0) return fallback;
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 } as const;
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0);
}

/** One of Auth's e-mails as the project words it; either part may be left to Auth's default. */
export interface EmailTemplate {
  subject: string | null;
  /** HTML with Auth's variables ({{ .ConfirmationURL }}, {{ .Token }}, {{ .SiteURL }}, {{ .Email }}…). */
  content: string | null;
}

/** [auth.email.template.*], the types the Supabase CLI knows, with content_path already read. */
export function readEmailTemplates(config: RawConfig): Record<string, EmailTemplate> {
  const templates: Record<string, EmailTemplate> = {};
  for (const type of [
    'invite',
    'confirmation',
    'recovery',
    'magic_link',
    'email_change',
    'reauthentication',
  ]) {
    const entry = section(config, 'auth', 'email', 'template', type);
    const subject = str(entry['subject'], '');
    const content = str(entry['content'], '');
    if (subject || content) templates[type] = { subject: subject || null, content: content || null };
  }
  return templates;
}

/** [auth.email.smtp] as the Supabase CLI reads it; string values may be `env(NAME)`. */
export function readSmtpConfig(config: RawConfig): AuthSmtpConfig | null {
  const smtp = section(config, 'auth', 'email', 'smtp');
  const host = envStr(smtp['host'], '');
  if (!bool(smtp['enabled'], host !== '') || !host) return null;
  return {
    host,
    port: num(smtp['port'], 587),
    user: envStr(smtp['user'], ''),
    pass: envStr(smtp['pass'], ''),
    adminEmail: envStr(smtp['admin_email'], 'admin@email.com'),
    senderName: envStr(smtp['sender_name'], ''),
  };
}

export function readAuthConfig(config: RawConfig): AuthConfig {
  const auth = section(config, 'auth');
  const email = section(config, 'auth', 'email');
  const sms = section(config, 'auth', 'sms');
  const mfa = section(config, 'auth', 'mfa');
  const totp = section(config, 'auth', 'mfa', 'totp');
  const phone = section(config, 'auth', 'mfa', 'phone');
  const limits = section(config, 'auth', 'rate_limit');
  return {
    siteUrl: str(auth['site_url'], 'http://127.0.0.1:3000'),
    additionalRedirectUrls: strs(auth['additional_redirect_urls'], []),
    jwtExpiry: num(auth['jwt_expiry'], 3600),
    enableSignup: bool(auth['enable_signup'], true),
    enableAnonymousSignIns: bool(auth['enable_anonymous_sign_ins'], false),
    enableManualLinking: bool(auth['enable_manual_linking'], false),
    refreshTokenRotation: bool(auth['enable_refresh_token_rotation'], true),
    refreshTokenReuseInterval: num(auth['refresh_token_reuse_interval'], 10),
    minimumPasswordLength: Math.max(num(auth['minimum_password_length'], 10), 6),
    refuseLeakedPasswords: bool(auth['refuse_leaked_passwords'], false),
    email: {
      enableSignup: bool(email['enable_signup'], true),
      confirmations: bool(email['enable_confirmations'], true),
      doubleConfirmChanges: bool(email['double_confirm_changes'], true),
      securePasswordChange: bool(email['secure_password_change'], false),
      maxFrequency: durationSeconds(email['max_frequency'], 1),
      otpLength: Math.min(Math.max(num(email['otp_length'], 6), 6), 10),
      otpExpiry: num(email['otp_expiry'], 3600),
      smtp: readSmtpConfig(config),
      templates: readEmailTemplates(config),
    },
    sms: {
      enableSignup: bool(sms['enable_signup'], true),
      confirmations: bool(sms['enable_confirmations'], true),
      maxFrequency: durationSeconds(sms['max_frequency'], 5),
      otpExpiry: num(sms['otp_expiry'], 60),
    },
    mfa: {
      maxFactors: num(mfa['max_enrolled_factors'], 10),
      totpEnroll: bool(totp['enroll_enabled'], false),
      totpVerify: bool(totp['verify_enabled'], false),
      phoneEnroll: bool(phone['enroll_enabled'], false),
      phoneVerify: bool(phone['verify_enabled'], false),
    },
    rateLimit: {
      emailSent: num(limits['email_sent'], 1000),
      smsSent: num(limits['sms_sent'], 30),
      tokenRefresh: num(limits['token_refresh'], 150),
      signInSignUps: num(limits['sign_in_sign_ups'], 30),
      tokenVerifications: num(limits['token_verifications'], 30),
      anonymousUsers: num(limits['anonymous_users'], 30),
      trustForwardedFor: bool(limits['trust_forwarded_for'], false),
    },
    hooks: { customAccessToken: readHook(config, 'custom_access_token') },
  };
}
