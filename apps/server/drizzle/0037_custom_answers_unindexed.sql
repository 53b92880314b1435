-- Whether a question has answers now reads custom_choice_keys, which holds the question's own key
-- for every answer of any type (migration 0027), as the answer filters and Insights already do.
-- Nothing else read this index, and with 30 questions it held about 80 entries an
-- application, added again on every write of the row: a review, a decision, an RSVP.
DROP INDEX "applications_custom_answers_idx";
