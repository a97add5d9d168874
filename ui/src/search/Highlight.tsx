/** A text with the words that start like a query's words marked (the list's search results). */
export function Highlight({ text, query }: { text: string; query: string }) {
  const words = query.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '').match(/[\p{L}\p{N}]+/gu) ?? []
  if (words.length === 0) return <>{text}</>
  const parts = text.split(/([\p{L}\p{N}]+)/u)
  return (
    <>
      {parts.map((part, i) => {
        const plain = part.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '')
        // A word matches when it starts with a query word or the query word with its last letter off (stems: "runs" → "running").
        const hit = plain !== '' && words.some((w) => plain.startsWith(w) || (w.length > 3 && plain.startsWith(w.slice(0, -1))))
        return hit ? <mark key={i}>{part}</mark> : part
      })}
    </>
  )
}
