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
