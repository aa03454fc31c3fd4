export function meta() {
  return [{ title: "Empty app" }];
}

export default function Home() {
  return (
    <main>
      <h1>Empty React Router app</h1>
      <p>One route, no data, no styles: the cost of the framework alone.</p>
    </main>
  );
}
