/** Words spoken aloud with the browser's speech synthesis, when it has a voice for the language. */
import { useEffect, useState } from "react";

const tagOf = (lang: string) => lang.toLowerCase().replace("_", "-");

/** The voice for `lang` ("pl", "en-GB"): the exact tag first, else any voice of the same language. */
export function voiceFor<V extends { lang: string }>(voices: readonly V[], lang: string): V | undefined {
  const want = tagOf(lang);
  const base = want.split("-")[0];
  return voices.find((v) => tagOf(v.lang) === want) ?? voices.find((v) => tagOf(v.lang).split("-")[0] === base);
}

const synthesis = (): SpeechSynthesis | undefined =>
  typeof speechSynthesis === "undefined" ? undefined : speechSynthesis;

/** The browser's voice for `lang`, or null: none (yet — voices arrive with `voiceschanged`), or no speech at all. */
export function useVoice(lang: string): SpeechSynthesisVoice | null {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synthesis()?.getVoices() ?? []);
  useEffect(() => {
    const speech = synthesis();
    if (!speech) return;
    const update = () => setVoices(speech.getVoices());
    update();
    speech.addEventListener("voiceschanged", update);
    return () => speech.removeEventListener("voiceschanged", update);
  }, []);
  return voiceFor(voices, lang) ?? null;
}

/** Says `text` in `voice`, cutting off whatever was being said. */
export function speak(text: string, voice: SpeechSynthesisVoice | null) {
  const speech = synthesis();
  if (!speech || !voice) return;
  speech.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  speech.speak(utterance);
}
