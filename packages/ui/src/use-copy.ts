import { useEffect, useState } from "react";

/**
 * A copy to the clipboard and what came of it, said for 2 s: `copied`, `failed` (the page then says how to
 * copy by hand), or null. Each page words the button and the outcome itself.
 */
export function useCopy(text: string) {
  const [result, setResult] = useState<"copied" | "failed" | null>(null);
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), 2000);
    return () => clearTimeout(timer);
  }, [result]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setResult("copied");
    } catch {
      setResult("failed");
    }
  };
  return { result, copy };
}
