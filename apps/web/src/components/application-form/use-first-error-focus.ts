import { useEffect, useRef, useState, type RefObject } from 'react';
import { focusFirstInvalid } from './first-error';

/**
 * Moves the focus to the first invalid answer in page order. `focusAfterSubmit()` before a submit
 * attempt's errors are published; `focusNow()` when the form learns of a problem on its own (the
 * resume upload failed while submitting). `onFocused` hears which control got the focus.
 */
export function useFirstErrorFocus(
  formRef: RefObject<HTMLFormElement | null>,
  submitCount: number,
  errorCount: number,
  onFocused?: (control: HTMLElement, errorCount: number) => void,
) {
  const [focusRequest, setFocusRequest] = useState(0);
  const onFocusedRef = useRef(onFocused);
  useEffect(() => {
    onFocusedRef.current = onFocused;
  }, [onFocused]);
  // After a submit attempt, once its errors are on screen (react-hook-form publishes them, with the
  // new submitCount, after onValid/onInvalid return), move to the first one.
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const first = focusFirstInvalid(formRef.current);
    if (first) onFocusedRef.current?.(first, errorCount);
  }, [formRef, focusRequest, submitCount, errorCount]);
  const focusAfterSubmit = () => {
    focusPending.current = true;
  };
  const focusNow = () => {
    focusPending.current = true;
    setFocusRequest((n) => n + 1);
  };
  return { focusAfterSubmit, focusNow };
}
