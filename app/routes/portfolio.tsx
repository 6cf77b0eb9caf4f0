export default function Page() {
  return <h1>TODO</h1>;
}
