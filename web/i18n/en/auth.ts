/** Sign-in, sign-up, password reset and e-mail confirmation screens. */
export const auth = {
  // Sign-in card: titles of its three modes
  'auth.login.title': 'Welcome back',
  'auth.signup.title': 'Create account',
  'auth.forgot.title': 'Reset your password',
  // Fields
  'auth.field.fullName': 'Full Name',
  'auth.field.email': 'Email',
  'auth.field.password': 'Password',
  // Buttons
  'auth.login.submit': 'Sign In',
  'auth.signup.submit': 'Sign Up',
  'auth.forgot.submit': 'Send Reset Link',
  'auth.forgot.sending': 'Sending...',
  // Links between the modes
  'auth.link.forgot': 'Forgot your password?',
  'auth.link.toSignup': "Don't have an account? Sign up",
  'auth.link.toLogin': 'Already have an account? Sign in',
  'auth.link.remember': 'Remember your password? Sign in',
  // Outcomes
  'auth.login.success': 'Signed in successfully!',
  'auth.login.failed': 'Invalid login credentials',
  'auth.signup.failed': 'Failed to sign up',
  'auth.signup.checkEmail': 'Check your email for the confirmation link!',
  'auth.forgot.failed': 'Failed to send reset email',
  'auth.forgot.checkEmail': 'Check your email for the password reset link!',
  'auth.unexpected': 'An unexpected error occurred',
  // Sign-in through the organisation's identity providers (issue 29)
  'auth.provider.signIn': 'Sign in with {label}',
  'auth.provider.or': 'or',
  'auth.provider.loadFailed': 'Could not load the ways to sign in. Reload the page to try again.',
  // Why a sign-in through a provider did not complete (`/login?signInError=<code>`)
  'auth.signInError.state': 'That sign-in link has expired or was already used. Please try again.',
  'auth.signInError.denied': 'Sign-in was cancelled at your identity provider.',
  'auth.signInError.invalid':
    "Your identity provider's answer could not be verified. Please try again or contact your administrator.",
  'auth.signInError.unavailable':
    'Your identity provider could not be reached. Please try again in a moment.',
  'auth.signInError.unverified':
    'Your identity provider has not verified this e-mail address, so it cannot be linked to the existing account.',
  'auth.signInError.domain': 'This e-mail domain is not allowed to sign in here.',
  'auth.signInError.closed': 'Sign-up is turned off. Ask an administrator to invite you.',
  'auth.signInError.suspended': 'This account has been suspended',
  'auth.signInError.email': 'Your identity provider did not share an e-mail address.',
  'auth.signInError.other': 'Sign-in did not complete. Please try again.',
  // Language switcher on the sign-in card
  'auth.language.choose': 'Language',
  // Password field and rules
  'auth.password.show': 'Show password',
  'auth.password.hide': 'Hide password',
  'auth.password.mismatch': 'New passwords do not match',
  'auth.password.tooShort': 'Password must be at least {min} characters long',
  // Reset-password page (the reset e-mail's link)
  'auth.reset.newPassword': 'New Password',
  'auth.reset.confirmPassword': 'Confirm New Password',
  'auth.reset.submit': 'Update Password',
  'auth.reset.incomplete': 'This reset link is incomplete. Request a new one from the sign-in screen.',
  'auth.reset.failed': 'Failed to update password',
  'auth.reset.done': 'Password updated successfully!',
  'auth.reset.signIn': 'Sign in',
  // Confirm-e-mail page (the confirmation e-mail's link)
  'auth.confirm.title': 'Confirm your email',
  'auth.confirm.incomplete': 'This confirmation link is incomplete.',
  'auth.confirm.pending': 'Confirming...',
  'auth.confirm.invalid': 'This confirmation link is invalid or has expired.',
  'auth.confirm.done': 'Your email address is confirmed.',
  'auth.confirm.continue': 'Continue to sign in',
} as const
