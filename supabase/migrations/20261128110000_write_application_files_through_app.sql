-- Files in the application-documents bucket are written only by the app server, with the service
-- role, after it has checked their bytes against their declared type. Hosted Storage stores
-- whatever bytes an upload carries, so a write allowed to an applicant's or staff member's own
-- token would skip that check. The server still asks can_upload_application_file() and
-- can_upload_message_file() with the caller's token before it writes, so the path rules stay here.
drop policy application_files_insert_own on storage.objects;
drop policy application_message_files_insert on storage.objects;
