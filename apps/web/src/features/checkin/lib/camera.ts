/** The scan's answer to a code that is not one of this event's (forged, altered, another event). */
export const NOT_OURS = 'This QR code is not one of ours.';

/** A clear sentence for each way getUserMedia can fail. */
export function cameraErrorMessage(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Camera access was refused. Allow the camera for this site in the browser settings, then press Try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found on this device.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is in use by another app or could not be started. Close the other app, then press Try again.';
    case 'NotSupportedError':
      return 'This browser cannot use the camera here (the page must be opened over https).';
    default:
      return 'The camera could not be started. Press Try again.';
  }
}
