import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useConfig } from 'wagmi';
import { Button, TextInput } from '@metatag/ui';
import { landingPath } from '../../lib/adminPaths.js';
import { useChain } from '../../lib/useChain.js';
import { builtInWalletStore } from '../../providers/wagmiConfig.js';
import { startSession } from '../../session/currentUser.js';
import { cannotLogin, errorDetail, type LoginOutcome } from '../../session/loginOutcome.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { usePasswordLogin } from '../../session/usePasswordLogin.js';
import { loginWithWallet } from '../../wallet/walletLogin.js';
import { HexValue } from '../../components/HexValue.js';
import './login.css';

type Failure = Extract<LoginOutcome, { ok: false }>;

/**
 * `/{chain}/admin/login` (spec section 2), always reachable: name and password, or a browser wallet
 * (the built-in wallet when there is one). After a login a super admin goes to the super-admin page,
 * any other user to the collections.
 */
export function LoginPage() {
  const chain = useChain();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useConfig();
  const { data: user } = useCurrentUser();
  const passwordLogin = usePasswordLogin();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [walletPending, setWalletPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const pending = passwordLogin.isPending || walletPending;

  const finish = async (outcome: LoginOutcome) => {
    if (outcome.ok) {
      await navigate(landingPath(chain, outcome.user));
      return;
    }
    setFailure(outcome);
    // The spec's alerts (section 8) are real alerts; the text also stays on the page.
    if (outcome.alert) window.alert(outcome.message);
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    await finish(await passwordLogin.mutateAsync({ name, password }));
  };

  const loginWithBrowserWallet = async () => {
    if (pending) return;
    setFailure(null);
    setWalletPending(true);
    let outcome: LoginOutcome;
    try {
      outcome = await loginWithWallet(config, { builtInHasKey: builtInWalletStore.hasPrivateKey() });
      if (outcome.ok) await startSession(queryClient);
    } catch (error) {
      outcome = cannotLogin(errorDetail(error));
    } finally {
      setWalletPending(false);
    }
    await finish(outcome);
  };

  return (
    <section className="login" aria-labelledby="login-title">
      <h1 id="login-title" className="page-title">
        Login
      </h1>
      {user && (
        <p className="login__signed-in" data-testid="signed-in-as">
          You are signed in as <HexValue value={user.address} />.
        </p>
      )}
      <form className="login__form" onSubmit={(event) => void submitPassword(event)}>
        <label className="field">
          <span className="field__label">Name</span>
          <TextInput
            name="name"
            autoComplete="username"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
          />
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <TextInput
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
        </label>
        <Button type="submit" disabled={pending} aria-busy={passwordLogin.isPending || undefined}>
          Login
        </Button>
      </form>
      <p className="login__or">or</p>
      <Button
        variant="secondary"
        className="login__wallet"
        onClick={() => void loginWithBrowserWallet()}
        disabled={pending}
        aria-busy={walletPending || undefined}
      >
        Login with browser wallet
      </Button>
      <p className="login__terms">
        By signing in you accept the <a href="/terms">terms of service</a>.
      </p>
      {failure && (
        <div className="login__error" role="alert" data-testid="login-error">
          <p>{failure.message}</p>
          {failure.detail && <p className="login__error-detail">{failure.detail}</p>}
        </div>
      )}
    </section>
  );
}
