import { useParams } from 'react-router'
export default function EntryScreen() {
  const { collection, uuid } = useParams()
  return <div className="screen"><h1>{collection} {uuid ?? 'new'}</h1></div>
}
