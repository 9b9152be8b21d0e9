import { useState } from 'react';
import type { FormOutcome } from '../../lib/security/form-outcome.ts';
import type { ProfileFormProps } from './form-spec.ts';
import ProfileForm from './ProfileForm.tsx';

export interface Enrolment {
  factor_id: string;
  qr?: string;
  secret?: string;
}

export interface SecurityPanelProps {
  reauthenticate: ProfileFormProps;
  changePassword: ProfileFormProps;
  /** Present while the account has a verified authenticator. */
  removeFactor: ProfileFormProps | null;
  enroll: ProfileFormProps;
  verify: ProfileFormProps;
  enrolment: Enrolment | null;
  signOutOthers: ProfileFormProps;
}

function EnrolmentSteps({ enrolment, verify }: { enrolment: Enrolment; verify: ProfileFormProps }) {
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
      <ProfileForm {...verify} values={{ ...verify.values, factor_id: enrolment.factor_id }} />
    </div>
  );
}

/** Password change with reauthentication, authenticator set-up and removal, other devices. */
export default function SecurityPanel(props: SecurityPanelProps) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(props.enrolment);
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
        {props.removeFactor ? (
          <>
            <p className="text-ink-700" data-testid="mfa-status">
              On: you enter a code from your authenticator app when you sign in.
            </p>
            <ProfileForm {...props.removeFactor} />
          </>
        ) : enrolment ? (
          <EnrolmentSteps enrolment={enrolment} verify={props.verify} />
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
