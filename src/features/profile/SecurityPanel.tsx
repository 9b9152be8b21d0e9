import { useState } from 'react';
import { formatDay } from '../../lib/format-day.ts';
import type { FormOutcome } from '../../lib/security/form-outcome.ts';
import type { ProfileFormProps } from './form-spec.ts';
import ProfileForm from './ProfileForm.tsx';

export interface Enrolment {
  factor_id: string;
  qr?: string;
  secret?: string;
}

/** How many recovery codes are unused, of how many made, and when. */
export interface RecoveryStatus {
  remaining: number;
  issued: number;
  issued_at: string | null;
}

export interface SecurityPanelProps {
  reauthenticate: ProfileFormProps;
  changePassword: ProfileFormProps;
  /** The account's verified authenticator, when it has one. */
  verifiedFactorId: string | null;
  removeFactor: ProfileFormProps;
  enroll: ProfileFormProps;
  verify: ProfileFormProps;
  enrolment: Enrolment | null;
  /** Makes ten new recovery codes (at aal2). */
  newCodes: ProfileFormProps;
  /** Codes just made, shown this once. */
  recoveryCodes: string[] | null;
  recoveryStatus: RecoveryStatus | null;
  signOutOthers: ProfileFormProps;
}

const codesOf = (outcome: FormOutcome): string[] | null => {
  const codes = outcome.data?.['recovery_codes'];
  return Array.isArray(codes) ? codes.map(String) : null;
};

/** The codes, once: to write down, copy or download; they cannot be shown again. */
function FreshCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `Unipath recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(true));
  };
  return (
    <section
      aria-labelledby="codes-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
      data-testid="recovery-codes"
    >
      <h4 id="codes-title" className="font-semibold text-ink-950">
        Your recovery codes
      </h4>
      <p className="text-sm text-ink-800">
        If you lose your phone, each code lets you sign in once. Keep them somewhere apart from your phone,
        such as a password manager or on paper. This is the only time they are shown.
      </p>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base text-ink-950 sm:grid-cols-[repeat(5,max-content)]">
        {codes.map((code) => (
          <li key={code} translate="no">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <a
          className="rounded-lg bg-white px-3 py-2 text-sm font-medium text-brand-800 ring-1 ring-ink-300 hover:bg-ink-50"
          download="unipath-recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          Download as a text file
        </a>
        <button
          type="button"
          onClick={copy}
          className="rounded-lg bg-white px-3 py-2 text-sm font-medium text-brand-800 ring-1 ring-ink-300 hover:bg-ink-50"
        >
          Copy the codes
        </button>
        <span role="status" className="text-sm text-ink-700">
          {copied ? 'Copied.' : ''}
        </span>
      </div>
    </section>
  );
}

function RecoveryCodes(props: {
  status: RecoveryStatus | null;
  fresh: string[] | null;
  form: ProfileFormProps;
  onOutcome: (outcome: FormOutcome) => void;
}) {
  const { status, fresh } = props;
  const none = !status || status.remaining === 0;
  return (
    <div className="flex flex-col gap-3" data-testid="recovery-status">
      {fresh ? <FreshCodes codes={fresh} /> : null}
      {none ? (
        <p className="text-ink-800">
          <strong>You have no recovery codes left.</strong> Make new ones, so you can still sign in if you
          lose your phone.
        </p>
      ) : (
        <p className="text-ink-700">
          {status.remaining} of {status.issued} recovery codes unused
          {status.issued_at ? `, made ${formatDay(status.issued_at)}` : ''}. Making new ones stops the old
          ones working.
        </p>
      )}
      <ProfileForm {...props.form} onOutcome={props.onOutcome} />
    </div>
  );
}

function EnrolmentSteps({
  enrolment,
  verify,
  onOutcome,
}: {
  enrolment: Enrolment;
  verify: ProfileFormProps;
  onOutcome: (outcome: FormOutcome) => void;
}) {
  return (
    <div className="flex flex-col gap-4" data-testid="mfa-enrolment">
      {enrolment.qr ? (
        <img
          src={enrolment.qr}
          width={200}
          height={200}
          alt="QR code to add Unipath to your authenticator app"
          className="rounded-lg ring-1 ring-ink-200"
        />
      ) : null}
      {enrolment.secret ? (
        <p className="text-sm text-ink-700">
          Can’t scan it? Enter this key in the app instead:{' '}
          <code className="font-mono break-all text-ink-900" data-testid="totp-secret">
            {enrolment.secret}
          </code>
        </p>
      ) : null}
      <ProfileForm
        {...verify}
        values={{ ...verify.values, factor_id: enrolment.factor_id }}
        onOutcome={onOutcome}
      />
    </div>
  );
}

/** Password change with reauthentication, authenticator set-up and removal, other devices. */
export default function SecurityPanel(props: SecurityPanelProps) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(props.enrolment);
  const [factorId, setFactorId] = useState(props.verifiedFactorId);
  const [codes, setCodes] = useState(props.recoveryCodes);
  const [status, setStatus] = useState(props.recoveryStatus);
  const onCodes = (outcome: FormOutcome) => {
    const made = codesOf(outcome);
    if (!outcome.ok || !made) return;
    setCodes(made);
    setStatus({ remaining: made.length, issued: made.length, issued_at: new Date().toISOString() });
  };
  const onVerified = (outcome: FormOutcome) => {
    const id = outcome.data?.['factor_id'];
    if (!outcome.ok || typeof id !== 'string') return;
    setFactorId(id);
    setEnrolment(null);
    onCodes(outcome);
  };
  const onEnroll = (outcome: FormOutcome) => {
    const data = outcome.data ?? {};
    if (outcome.ok && typeof data['factor_id'] === 'string') {
      setEnrolment({
        factor_id: data['factor_id'],
        qr: String(data['qr'] ?? ''),
        secret: String(data['secret'] ?? ''),
      });
    }
  };
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="password-title" className="flex flex-col gap-4">
        <h3 id="password-title" className="text-xl font-semibold text-ink-950">
          Change your password
        </h3>
        <p className="text-ink-600">First we e-mail you a verification code, to be sure it is you.</p>
        <ProfileForm {...props.reauthenticate} />
        <ProfileForm {...props.changePassword} />
      </section>
      <section aria-labelledby="mfa-title" className="flex flex-col gap-4">
        <h3 id="mfa-title" className="text-xl font-semibold text-ink-950">
          Two-step verification
        </h3>
        {factorId ? (
          <>
            <p className="text-ink-700" data-testid="mfa-status">
              On: you enter a code from your authenticator app when you sign in.
            </p>
            <RecoveryCodes status={status} fresh={codes} form={props.newCodes} onOutcome={onCodes} />
            <ProfileForm
              {...props.removeFactor}
              values={{ ...props.removeFactor.values, factor_id: factorId }}
            />
          </>
        ) : enrolment ? (
          <EnrolmentSteps enrolment={enrolment} verify={props.verify} onOutcome={onVerified} />
        ) : (
          <>
            <p className="text-ink-700" data-testid="mfa-status">
              Off. Add an authenticator app (such as 1Password, Google Authenticator or Authy) to protect your
              account.
            </p>
            <ProfileForm {...props.enroll} onOutcome={onEnroll} />
          </>
        )}
      </section>
      <section aria-labelledby="devices-title" className="flex flex-col gap-4">
        <h3 id="devices-title" className="text-xl font-semibold text-ink-950">
          Other devices
        </h3>
        <p className="text-ink-600">Signed in on a shared or lost device? Sign out everywhere except here.</p>
        <ProfileForm {...props.signOutOthers} />
      </section>
    </div>
  );
}
