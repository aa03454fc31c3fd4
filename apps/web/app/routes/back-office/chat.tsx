import { ChatInbox } from "../../features/back-office/chat/chat-inbox.tsx";

export default function BackOfficeChat() {
  return <ChatInbox />;
}
