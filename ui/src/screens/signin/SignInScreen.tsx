export function SignInScreen() {
  return <div className="screen"><h1>Sign in</h1></div>
}
