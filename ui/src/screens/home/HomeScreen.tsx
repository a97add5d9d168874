export function HomeScreen() {
  return <div className="screen"><h1>Home</h1></div>
}
