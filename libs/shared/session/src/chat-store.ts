import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The spec's "chat room id" in the user state: the conversation open in messaging, restored when messaging reopens. */
export interface ChatState {
  chatRoomId: string | null;
  setChatRoomId: (id: string | null) => void;
  reset: () => void;
}

export const useChatStore = create<ChatState>()(
  persist(
    (set) => ({
      chatRoomId: null,
      setChatRoomId: (id) => set({ chatRoomId: id }),
      reset: () => set({ chatRoomId: null }),
    }),
    { name: 'sojourn-chat', storage: createJSONStorage(() => localStorage) },
  ),
);
