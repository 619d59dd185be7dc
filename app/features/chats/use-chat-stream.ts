import { useSyncExternalStore } from "react";
import type { ChatStreamState } from "./chats";

/**
 * The browser's copy of the signed-in person's conversation state (unread count, each recent
 * conversation's progress), replaced by every `event: chat` of the one event stream. Null
 * until the first event (and always on the server), so pages fall back to their loader data.
 */
let current: ChatStreamState | null = null;
const listeners = new Set<() => void>();

export function setChatStream(state: ChatStreamState | null): void {
  if (state === current) return;
  current = state;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getChatStream(): ChatStreamState | null {
  return current;
}

const getSnapshot = getChatStream;
const getServerSnapshot = () => null;

export function useChatStream(): ChatStreamState | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
