import { ACTIVATION_NOTICE, BusinessRegisterFormSchema, RegisterFormSchema, toRegisterPayload } from '@landunits/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { useMessageAction } from '../../shared/lib/use-message-action';
import { useForm, type FormSchema } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import { accountsApi } from './accounts-api';
import { AuthPage, FormError, FormStatus } from './auth-page';
import { readRegistration, writeRegistration, type RegistrationState } from './registration-storage';
import * as accountsStyles from './accounts.module.css';

export type RegistrationVariant = 'general' | 'business';

type FieldName = 'email' | 'firstName' | 'lastName' | 'businessName' | 'password' | 'confirmPassword';
type FormValues = Record<FieldName, string>;

interface FieldSpec {
  label: string;
  type: 'email' | 'text' | 'password';
  autoComplete: string;
  hint?: string;
}

const PASSWORD_HINT = 'At least 6 characters, with at least one letter and one number.';

const FIELD_SPECS: Record<RegistrationVariant, Record<FieldName, FieldSpec>> = {
  general: {
    email: { label: 'Email', type: 'email', autoComplete: 'email' },
    firstName: { label: 'First name', type: 'text', autoComplete: 'given-name' },
    lastName: { label: 'Last name (optional)', type: 'text', autoComplete: 'family-name' },
    businessName: {
      label: 'Business or government name (optional)',
      type: 'text',
      autoComplete: 'organization',
      hint: 'Filling this in opens a business account.',
    },
    password: { label: 'Password', type: 'password', autoComplete: 'new-password', hint: PASSWORD_HINT },
    confirmPassword: { label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
  },
  business: {
    businessName: { label: 'Business or government name', type: 'text', autoComplete: 'organization' },
    email: { label: 'Email', type: 'email', autoComplete: 'email' },
    firstName: { label: 'First name', type: 'text', autoComplete: 'given-name' },
    lastName: { label: 'Last name (optional)', type: 'text', autoComplete: 'family-name' },
    password: { label: 'Password', type: 'password', autoComplete: 'new-password', hint: PASSWORD_HINT },
    confirmPassword: { label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
  },
};

/** Field order on screen: the initial values' key order. */
const EMPTY: Record<RegistrationVariant, FormValues> = {
  general: { email: '', firstName: '', lastName: '', businessName: '', password: '', confirmPassword: '' },
  business: { businessName: '', email: '', firstName: '', lastName: '', password: '', confirmPassword: '' },
};

const SCHEMAS: Record<RegistrationVariant, FormSchema<FormValues>> = {
  general: RegisterFormSchema,
  business: BusinessRegisterFormSchema,
};

const COPY: Record<RegistrationVariant, { title: string; lead: string; submit: string }> = {
  general: {
    title: 'Register', // the route label of /register
    lead: 'Create your Land Units account in about a minute.',
    submit: 'Register',
  },
  // SPEC §2: the business form's title and button.
  business: {
    title: 'Access Your Account Now',
    lead: 'Open a Land Units account for your business or government body.',
    submit: 'Join Us',
  },
};

interface RegisterFormProps {
  variant: RegistrationVariant;
  /** Focus the first field when the form appears after a reset. */
  focusOnMount: boolean;
  onRegistered: (email: string, message: string) => void;
}

function RegisterForm({ variant, focusOnMount, onRegistered }: RegisterFormProps) {
  const [error, setError] = useState('');
  const form = useForm(SCHEMAS[variant], EMPTY[variant], async (data, { showServerErrors }) => {
    setError('');
    const body = toRegisterPayload(data, variant === 'business' ? 'BUSINESS' : 'USER');
    try {
      const answer = await accountsApi.register(body);
      onRegistered(body.email, answer.message);
    } catch (failure) {
      if (isApiError(failure) && Object.keys(failure.errors).length) {
        const others = showServerErrors(failure.errors);
        setError([failure.message, ...others].join(' '));
      } else {
        setError(errorMessage(failure));
      }
    }
  });
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const [focusFirst] = useState(focusOnMount);
  useLayoutEffect(() => {
    if (focusFirst) firstFieldRef.current?.focus();
  }, [focusFirst]);

  const specs = FIELD_SPECS[variant];
  return (
    <form {...form.formProps} aria-label={COPY[variant].title} className={accountsStyles.authForm}>
      {(Object.keys(EMPTY[variant]) as FieldName[]).map((name, index) => {
        const spec = specs[name];
        return (
          <TextField
            key={name}
            {...form.field(name)}
            ref={index === 0 ? firstFieldRef : undefined}
            label={spec.label}
            hint={spec.hint}
            type={spec.type}
            autoComplete={spec.autoComplete}
            spellCheck={spec.type === 'email' ? false : undefined}
            autoCapitalize={spec.type === 'email' ? 'none' : undefined}
          />
        );
      })}
      <Button type="submit" className={accountsStyles.authFormSubmit} loading={form.submitting}>
        {COPY[variant].submit}
      </Button>
      <FormError>{error}</FormError>
    </form>
  );
}

interface VerifyEmailProps {
  state: RegistrationState;
  /** Reached by the visitor's action (not by a reload): focus moves to the new content. */
  moveFocus: boolean;
  onResent: (message: string) => void;
  onReset: (message: string) => void;
}

/** Steps Resend and Reset: the email is on its way; send it again, or start over. */
function VerifyEmail({ state, moveFocus, onResent, onReset }: VerifyEmailProps) {
  const { run, pending: sending, error } = useMessageAction();
  const sectionRef = useRef<HTMLElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const [focusOnMount] = useState(moveFocus);
  const { step, email } = state;

  useLayoutEffect(() => {
    if (focusOnMount) sectionRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [focusOnMount]);

  // The Resend button gives way to Reset Registration: focus follows it.
  const previousStep = useRef(step);
  useLayoutEffect(() => {
    if (previousStep.current !== step && step === 'reset') {
      actionRef.current?.focus();
    }
    previousStep.current = step;
  }, [step]);

  return (
    <section ref={sectionRef} className={accountsStyles.verify} aria-labelledby="verify-title">
      <h2 id="verify-title" tabIndex={-1} className={accountsStyles.verifyTitle}>
        Check your email
      </h2>
      <p>
        We have sent a verification email to <strong className={accountsStyles.verifyEmail}>{email}</strong>.
      </p>
      <p>{ACTIVATION_NOTICE}</p>
      {step === 'resend' ? (
        <>
          <p className="muted">No email yet? Check your spam folder, or ask for it again.</p>
          <Button
            key="resend"
            ref={actionRef}
            variant="secondary"
            className={accountsStyles.verifyAction}
            loading={sending}
            onClick={() => void run(() => accountsApi.resendConfirmation(email), onResent)}
          >
            Resend
          </Button>
        </>
      ) : (
        <>
          <p className="muted">Still nothing, or a mistake in the address? Reset your registration and start again.</p>
          <Button
            key="reset"
            ref={actionRef}
            variant="secondary"
            className={accountsStyles.verifyAction}
            loading={sending}
            onClick={() => void run(() => accountsApi.cancelRegistration(email), onReset)}
          >
            Reset Registration
          </Button>
        </>
      )}
      <FormError>{error}</FormError>
    </section>
  );
}

/**
 * The registration screen of SPEC §2 and §4, shared by /register and /business-register:
 * Register → (the email is sent) Resend → Reset → Register again.
 */
export function RegistrationFlow({ variant }: { variant: RegistrationVariant }) {
  const [state, setState] = useState<RegistrationState>(readRegistration);
  const [message, setMessage] = useState('');
  /** False until the visitor moves between steps: a reload or first visit keeps the page's focus. */
  const [moved, setMoved] = useState(false);

  const go = (next: RegistrationState, serverMessage: string) => {
    writeRegistration(next);
    setState(next);
    setMessage(serverMessage);
    setMoved(true);
  };

  const copy = COPY[variant];
  return (
    <AuthPage
      title={copy.title}
      lead={copy.lead}
      links={
        <ul className={accountsStyles.authLinkList}>
          <li>
            Already have an account? <Link to="/login">Log in</Link>
          </li>
          {variant === 'general' ? (
            <li>
              Registering a business or government body? <Link to="/business-register">Use the business form</Link>
            </li>
          ) : (
            <li>
              Registering for yourself? <Link to="/register">Use the personal form</Link>
            </li>
          )}
        </ul>
      }
    >
      <FormStatus>{message}</FormStatus>
      {state.step === 'register' ? (
        <RegisterForm variant={variant} focusOnMount={moved} onRegistered={(email, serverMessage) => go({ step: 'resend', email }, serverMessage)} />
      ) : (
        <VerifyEmail
          state={state}
          moveFocus={moved}
          onResent={(serverMessage) => go({ step: 'reset', email: state.email }, serverMessage)}
          onReset={(serverMessage) => go({ step: 'register', email: '' }, serverMessage)}
        />
      )}
    </AuthPage>
  );
}

/** /register: individuals, and businesses that fill in the optional business name. */
export function RegisterPage() {
  return <RegistrationFlow variant="general" />;
}

/** /business-register: the business or government form (SPEC §2). */
export function BusinessRegisterPage() {
  return <RegistrationFlow variant="business" />;
}
