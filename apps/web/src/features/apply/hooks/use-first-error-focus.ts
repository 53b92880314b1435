import { useEffect, useRef, useState, type RefObject } from 'react';
import { focusFirstInvalid, inlineErrorOf, toastFirstError } from '../lib/first-error';

/**
 * `focusAfterSubmit()` before a submit attempt's errors are published; `focusNow()` when the form
 * learns of a problem on its own (the resume upload failed while submitting).
 */
export function useFirstErrorFocus(
  formRef: RefObject<HTMLFormElement | null>,
  submitCount: number,
  errorCount: number,
) {
  const [focusRequest, setFocusRequest] = useState(0);
  // After a submit attempt, once its errors are on screen (react-hook-form publishes them, with the
  // new submitCount, after onValid/onInvalid return), move to the first one and say what it is.
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const first = focusFirstInvalid(formRef.current);
    if (first) toastFirstError(inlineErrorOf(first), errorCount);
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
