import { useParams } from 'react-router'
export function EntriesScreen() {
  const { collection } = useParams()
  return <div className="screen"><h1>{collection}</h1></div>
}
