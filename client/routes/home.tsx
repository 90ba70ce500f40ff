import { useHealth } from '#client/features/health/api/get-health.ts';

/** Home page for now: what Townhall is, and whether the API answers (the real home comes with discovery). */
export function HomeRoute() {
  return (
    <div className="flex min-h-[calc(100dvh-3.5rem)] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md text-center">
        <h1 className="text-4xl font-bold tracking-tight text-link sm:text-5xl">Townhall</h1>
        <p className="mt-4 text-lg text-foreground">Creator communities with live question-and-answer groups.</p>
        <ApiStatus />
      </div>
    </div>
  );
}

function ApiStatus() {
  const health = useHealth();

  let text: string;
  let dotClass: string;
  if (health.isPending) {
    text = 'Checking the API…';
    dotClass = 'bg-muted-foreground animate-pulse';
  } else if (health.isError) {
    text = `API unreachable: ${health.error.message}`;
    dotClass = 'bg-primary';
  } else {
    text = `API: ok, version ${health.data.version}`;
    dotClass = 'bg-success';
  }

  return (
    <p
      role="status"
      className="mt-8 inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 text-sm text-muted-foreground"
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${dotClass}`} />
      {text}
    </p>
  );
}
