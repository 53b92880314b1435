/**
 * Every `code` the API answers with beside its `error` message, and when. Messages are for people
 * and may be reworded; codes are for programs (the web app, scripts) and stay stable. The server
 * can only throw codes listed here (`AppError` takes an `ErrorCode`), and the web branches on them.
 */
export const ERROR_CODES = {
  // Any request
  bad_request: 'The request is malformed (for example an empty or unreadable JSON body).',
  validation_error: 'A field failed its schema; `error` names the field and the rule.',
  unauthorized: 'Not signed in, or the session has ended.',
  forbidden: 'Signed in, but this account may not do this.',
  csrf: 'A browser request from another site was refused.',
  not_found: 'No such route or record.',
  conflict: 'The record changed meanwhile; reload and try again.',
  payload_too_large: 'The body is over the route’s size limit.',
  unsupported_media_type: 'The body is not of a type the route reads.',
  request_timeout: 'The client sent the body too slowly.',
  headers_too_large: 'The request line and headers (a long address, many cookies) are over 16 KB.',
  rate_limited: 'Too many requests; `Retry-After` says when to try again.',
  unavailable: 'The database cannot be reached for a moment; retry after `Retry-After`.',
  shutting_down: 'The instance is stopping (readiness probe).',
  not_ready: 'The instance is starting (readiness probe).',
  internal_error: 'A bug on the server; the log has the details.',

  // Accounts and sign-in
  invalid_credentials: 'Wrong e-mail or password (the same answer for an unknown e-mail).',
  weak_password: 'The password is too short, too common, or contains the e-mail.',
  email_taken: 'An account with this e-mail exists.',
  email_unverified: 'The account must verify its e-mail address first (submitting an application).',
  already_verified: 'The e-mail address is already verified.',
  invalid_token: 'A verification link or reset code is wrong, used or expired.',
  not_admin: 'An applicant signed in on the admin sign-in page.',
  oidc_disabled: 'Single sign-on is not configured.',
  self_delete: 'An admin tried to delete their own account.',
  self_demotion: 'An admin tried to take away their own admin role.',

  // Applications
  applications_closed: 'The application window for this role is closed.',
  access_code_required: 'Late applications need an access code.',
  invalid_access_code: 'The access code is not one of the event’s codes.',
  already_applied: 'This account has already submitted an application.',
  wrong_role: 'The application or draft is for the other role (hacker or mentor).',
  no_application: 'The account has no application.',
  nothing_to_celebrate: 'There is no released acceptance to mark as celebrated.',
  count_changed:
    'A bulk action by filter matched a different number of applications; `count` has the new one.',

  // Files
  no_file: 'The request carried no file.',
  missing_file: 'The multipart body has no field named "file".',
  empty_file: 'The file is empty.',
  malformed_upload: 'The multipart body could not be read.',
  invalid_resume: 'The resume is not a PDF (or allowed type) of the allowed size.',
  no_resume: 'The application has no resume.',
  no_resumes: 'None of the chosen applications has a resume.',
  file_in_use: 'The file belongs to a submitted application and cannot be removed.',
  file_missing: 'The stored file is no longer there.',
  link_expired: 'A signed download link has expired.',

  // RSVP
  rsvp_not_available: 'There is no released decision to answer.',
  rsvp_closed: 'RSVPs are closed.',
  rsvp_deadline_passed: 'The RSVP deadline has passed.',
  offer_expired: 'This offer has expired.',
  not_an_open_offer: 'Only an open or expired offer can be extended.',
  rsvp_recorded: 'An RSVP is already recorded; changes go through the organisers.',

  // Check-in
  not_attending: 'The person is not a confirmed attendee now.',
  already_checked_in: 'The person is already checked in; the body has the record.',
  not_checked_in: 'Undo of a check-in that did not happen.',
  no_record: 'No check-in record for this person.',
  invalid_qr: 'The QR code is not one of this event’s, or was revoked.',
  no_qr: 'The applicant has no check-in code (not a confirmed attendee).',
  no_badges: 'No check-in record matches the badges asked for.',
  missing_fields: 'A check-in record lacks required fields; `error` lists them.',
  invalid_csv: 'The check-in CSV cannot be read.',
  invalid_csv_row: 'A row of the check-in CSV is invalid; `error` names the line.',
  incorrect_password: 'The CSV upload password is wrong.',
  upload_disabled: 'CSV upload is not configured (CHECKIN_UPLOAD_PASSWORD unset).',

  // E-mail
  not_failed: 'Only failed e-mails can be retried.',
  not_scheduled: 'The announcement was already sent or cancelled, so it cannot be cancelled.',

  // Review
  own_application: 'A reviewer (or admin) tried to review or skip an application of their own.',
  review_not_available:
    'The application is not held by this reviewer and no longer needs reviews, is not open for review, or was skipped by them.',
  review_retry: 'The review settings kept changing while the review was saved: send it again.',
  review_locked: 'Decisions for the application’s role are released: its reviews can no longer change.',
  rubric_in_use:
    'Scores exist for the role: a criterion’s scale cannot change and no criterion can be deleted.',

  // Custom questions
  too_many_questions: 'The role already has as many custom questions as allowed (hidden ones count).',
  question_answered: 'People have answered the custom question: it can be hidden, not deleted.',
  question_in_use: 'Another custom question is shown depending on this one: change its condition first.',

  // Stations (event day)
  unknown_station: 'No such station, or it is archived.',
  station_exists: 'Another station has this name.',
  too_many_stations: 'The event already has as many stations as allowed.',
  checkin_station: 'The Check-in station is the door: only its express setting can change.',
  undo_expired: 'The scan can no longer be undone (its undo window has passed, or it was replayed).',
  not_your_scan: 'Only the volunteer who made a scan, or an admin, can undo it.',
  invalid_batch: 'A replayed batch holds scans that cannot be applied; `issues` names each one.',

  // Sponsors and the resume book
  sponsor_window_closed: 'The sponsor account’s access window has not started yet or has ended.',
  sponsor_needs_company: 'A sponsor account is created with its company and access window (Sponsors).',
  not_in_book: 'No such person in the resume book (not eligible, withdrawn, or never there).',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
