export function Options() {
  return (
    <main>
      <h1>Longbox options</h1>
      <p>Sign-in, store switches and library sync arrive here.</p>
    </main>
  );
}
