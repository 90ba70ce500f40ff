import { toast } from '#client/components/ui/toast.ts';

/** A write's refusal as a toast, thrown on so the composer that sent it stays open with its text. */
export function reportFailure(what: string) {
  return (error: Error) => {
    toast.error(what, { description: error.message });
    throw error;
  };
}
