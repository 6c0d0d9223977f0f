import { useMutation } from '@tanstack/react-query';
import type { UserData } from '@kelasku/shared-api/src/session';
import { loginErrorMessage, submitLogin } from './submit-login';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Signing in, as a write (the login page and the session-ended dialog): `sending` from when it leaves until the screen
 * has been handed over (a page that is going away is not sent twice), `refusal` the line to show when it failed.
 */
export function useSignIn(onSignedIn: (user: UserData) => void) {
  const signIn = useMutation({
    mutationFn: ({ username, password }: Credentials) => submitLogin(username, password),
    onSuccess: (user) => onSignedIn(user),
    onError: (err) => console.error('Sign-in failed:', err),
  });
  return {
    send: signIn.mutate,
    sending: signIn.isPending || signIn.isSuccess,
    refusal: signIn.error ? loginErrorMessage(signIn.error) : '',
  };
}
