import { ErrorText } from './form-kit.tsx';

/**
 * What an action said: its message (announced politely) and its refusal (announced at once). Both
 * regions are always there, empty until something happens, so screen readers hear what appears.
 */
export function Feedback({ message, error }: { message: string; error: string }) {
  return (
    <>
      <p role="status" className="ok live">
        {message}
      </p>
      <ErrorText live>{error}</ErrorText>
    </>
  );
}
