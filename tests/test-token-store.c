/* test-token-store.c: ElicitTokenStore in memory, and with no keyring to reach.
 *
 * The real keyring is tested by test-token-store-keyring.py, inside
 * keyring-session.sh.
 *
 * Copyright 2026 The Elicit authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include "elicit.h"
#include "token-store-sync.h"

#define SERVER "https://mcp.example.com/mcp"
#define OTHER_SERVER "https://other.example.com/mcp"
#define ISSUER_A "https://auth-a.example.com"
#define ISSUER_B "https://auth-b.example.com"

#define NO_KEYRING_SAVE \
  "No keyring is available to remember the sign-in; it is kept only until Elicit quits"
#define NO_KEYRING_LOOKUP \
  "No keyring is available to look up a remembered sign-in; sign-ins are kept only until " \
  "Elicit quits"
#define NO_KEYRING_FORGET \
  "No keyring is available to remove the sign-in from; it is forgotten only until Elicit quits"

static ElicitTokenStore *
memory_store (void)
{
  return elicit_token_store_new (ELICIT_TOKEN_STORE_MEMORY_ONLY);
}

static void
assert_lookup (ElicitTokenStore *store,
               const char       *resource,
               const char       *expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *record = token_store_lookup_sync (store, resource, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (record, ==, expected);
}

static void
assert_save (ElicitTokenStore *store,
             const char       *resource,
             const char       *issuer,
             const char       *record)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (token_store_save_sync (store, resource, issuer, record, NULL, &error));
  g_assert_no_error (error);
}

static void
assert_save_refused (ElicitTokenStore *store,
                     const char       *resource,
                     const char       *issuer,
                     const char       *record,
                     const char       *message)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (token_store_save_sync (store, resource, issuer, record, NULL, &error));
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_memory_saves_and_looks_up (void)
{
  g_autoptr(ElicitTokenStore) store = memory_store ();

  g_assert_cmpint (elicit_token_store_get_flags (store), ==, ELICIT_TOKEN_STORE_MEMORY_ONLY);
  assert_lookup (store, SERVER, NULL);
  assert_save (store, SERVER, ISSUER_A, "{\"access_token\":\"t1\"}");
  assert_lookup (store, SERVER, "{\"access_token\":\"t1\"}");
  /* Resources are compared as given. */
  assert_lookup (store, OTHER_SERVER, NULL);
  assert_lookup (store, SERVER "/", NULL);

  g_assert_finalize_object (g_steal_pointer (&store));
}

static void
test_save_replaces_the_record_of_its_issuer (void)
{
  g_autoptr(ElicitTokenStore) store = memory_store ();

  assert_save (store, SERVER, ISSUER_A, "{\"access_token\":\"t1\"}");
  assert_save (store, SERVER, ISSUER_A, "{\"access_token\":\"t2\"}");
  assert_lookup (store, SERVER, "{\"access_token\":\"t2\"}");
}

static void
test_most_recently_saved_wins (void)
{
  g_autoptr(ElicitTokenStore) store = memory_store ();

  assert_save (store, SERVER, ISSUER_A, "{\"from\":\"a\"}");
  assert_save (store, SERVER, ISSUER_B, "{\"from\":\"b\"}");
  assert_lookup (store, SERVER, "{\"from\":\"b\"}");

  /* Saving for the first issuer again makes it the newest again. */
  assert_save (store, SERVER, ISSUER_A, "{\"from\":\"a, again\"}");
  assert_lookup (store, SERVER, "{\"from\":\"a, again\"}");
}

static void
test_forget_removes_every_issuer (void)
{
  g_autoptr(ElicitTokenStore) store = memory_store ();
  g_autoptr(GError) error = NULL;

  assert_save (store, SERVER, ISSUER_A, "{\"from\":\"a\"}");
  assert_save (store, SERVER, ISSUER_B, "{\"from\":\"b\"}");
  assert_save (store, OTHER_SERVER, ISSUER_A, "{\"other\":true}");

  g_assert_true (token_store_forget_sync (store, SERVER, NULL, &error));
  g_assert_no_error (error);
  assert_lookup (store, SERVER, NULL);
  assert_lookup (store, OTHER_SERVER, "{\"other\":true}");

  /* Forgetting what is not there is no error. */
  g_assert_true (token_store_forget_sync (store, SERVER, NULL, &error));
  g_assert_no_error (error);
}

static void
test_invalid_records_are_refused (void)
{
  g_autoptr(ElicitTokenStore) store = memory_store ();

  assert_save (store, SERVER, ISSUER_A, "{\"kept\":1}");

  assert_save_refused (store, SERVER, ISSUER_A, "{\"access_token\": \"secret-1\"",
                       "The sign-in record is not valid JSON");
  assert_save_refused (store, SERVER, ISSUER_A, "",
                       "The sign-in record is not valid JSON");
  assert_save_refused (store, SERVER, ISSUER_A, "{\"a\": 1} {\"b\": 2}",
                       "The sign-in record is not valid JSON");
  assert_save_refused (store, SERVER, ISSUER_A, " [\"secret-2\"]",
                       "The sign-in record is not a JSON object");
  assert_save_refused (store, SERVER, ISSUER_A, "\"secret-3\"",
                       "The sign-in record is not a JSON object");
  assert_save_refused (store, "", ISSUER_A, "{}",
                       "The server address is empty or not valid UTF-8");
  assert_save_refused (store, SERVER, "https://auth.example.com/\xff", "{}",
                       "The authorization server’s issuer is empty or not valid UTF-8");

  /* Nothing refused replaced what was kept. */
  assert_lookup (store, SERVER, "{\"kept\":1}");
}

/* A record of @size bytes: {"t":"xxx…"} */
static char *
record_of_size (gsize size)
{
  GString *text = g_string_new ("{\"t\":\"");

  while (text->len < size - 2)
    g_string_append_c (text, 'x');
  g_string_append (text, "\"}");
  g_assert_cmpuint (text->len, ==, size);

  return g_string_free (text, FALSE);
}

static void
test_records_are_bounded (void)
{
  g_autoptr(ElicitTokenStore) store = memory_store ();
  g_autofree char *largest = record_of_size (ELICIT_TOKEN_STORE_MAX_RECORD_SIZE);
  g_autofree char *too_large = record_of_size (ELICIT_TOKEN_STORE_MAX_RECORD_SIZE + 1);

  assert_save (store, SERVER, ISSUER_A, largest);
  assert_lookup (store, SERVER, largest);

  assert_save_refused (store, SERVER, ISSUER_A, too_large,
                       "The sign-in record is larger than 64 KiB");
  assert_lookup (store, SERVER, largest);
}

static void
test_lookup_of_an_empty_resource_is_refused (void)
{
  g_autoptr(ElicitTokenStore) store = memory_store ();
  g_autoptr(GError) error = NULL;
  g_autofree char *record = token_store_lookup_sync (store, "", NULL, &error);

  g_assert_null (record);
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "The server address is empty or not valid UTF-8");
}

static void
test_flags_is_a_construct_property (void)
{
  g_autoptr(ElicitTokenStore) store = g_object_new (ELICIT_TYPE_TOKEN_STORE, NULL);
  ElicitTokenStoreFlags flags = ELICIT_TOKEN_STORE_MEMORY_ONLY;

  g_object_get (store, "flags", &flags, NULL);
  g_assert_cmpint (flags, ==, ELICIT_TOKEN_STORE_KEYRING);
  g_assert_true (G_TYPE_IS_FLAGS (ELICIT_TYPE_TOKEN_STORE_FLAGS));
}

/*
 * No session bus at all (this test points DBUS_SESSION_BUS_ADDRESS at a socket
 * that does not exist): every operation says so, saves still land in memory
 * and lookups fall back to them.
 */
static void
test_without_a_bus_memory_stands_in (void)
{
  g_autoptr(ElicitTokenStore) store = elicit_token_store_new (ELICIT_TOKEN_STORE_KEYRING);
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL;

  record = token_store_lookup_sync (store, SERVER, NULL, &error);
  g_assert_null (record);
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE);
  g_assert_cmpstr (error->message, ==, NO_KEYRING_LOOKUP);
  g_clear_error (&error);

  g_assert_false (token_store_save_sync (store, SERVER, ISSUER_A, "{\"t\":\"secret-4\"}", NULL,
                                         &error));
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE);
  g_assert_cmpstr (error->message, ==, NO_KEYRING_SAVE);
  g_clear_error (&error);

  /* The lookup falls back to memory, without an error. */
  assert_lookup (store, SERVER, "{\"t\":\"secret-4\"}");

  g_assert_false (token_store_forget_sync (store, SERVER, NULL, &error));
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE);
  g_assert_cmpstr (error->message, ==, NO_KEYRING_FORGET);
  g_clear_error (&error);

  /* The memory copy is forgotten all the same. */
  record = token_store_lookup_sync (store, SERVER, NULL, &error);
  g_assert_null (record);
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE);

  g_assert_finalize_object (g_steal_pointer (&store));
}

static void
test_cancelled_operations_say_so (void)
{
  g_autoptr(ElicitTokenStore) store = elicit_token_store_new (ELICIT_TOKEN_STORE_KEYRING);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL;

  g_cancellable_cancel (cancellable);

  g_assert_false (token_store_save_sync (store, SERVER, ISSUER_A, "{}", cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  /* Cancelled is not a keyring failure: no fallback to the memory copy. */
  record = token_store_lookup_sync (store, SERVER, cancellable, &error);
  g_assert_null (record);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  g_assert_false (token_store_forget_sync (store, SERVER, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
save_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  gboolean *busy_in_callback = user_data;
  g_autoptr(GError) error = NULL;

  /* The callback runs before the operation counts as completed. */
  *busy_in_callback = elicit_token_store_get_busy (ELICIT_TOKEN_STORE (object));
  g_assert_false (elicit_token_store_save_finish (ELICIT_TOKEN_STORE (object), result, &error));
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE);
}

static void
test_busy_while_operations_are_under_way (void)
{
  g_autoptr(ElicitTokenStore) store = elicit_token_store_new (ELICIT_TOKEN_STORE_KEYRING);
  g_autoptr(GError) error = NULL;
  gboolean busy_in_callback = FALSE;
  gboolean busy = TRUE;
  guint notified = 0;

  g_signal_connect (store, "notify::busy", G_CALLBACK (count_notify_cb), &notified);
  g_assert_false (elicit_token_store_get_busy (store));

  /* Two saves at once (to no keyring: this test has no bus): busy from the
   * first start to the last end, notified once each way. */
  elicit_token_store_save_async (store, SERVER, ISSUER_A, "{}", NULL, save_done_cb,
                                 &busy_in_callback);
  elicit_token_store_save_async (store, SERVER, ISSUER_B, "{}", NULL, save_done_cb,
                                 &busy_in_callback);
  g_object_get (store, "busy", &busy, NULL);
  g_assert_true (busy);
  g_assert_cmpuint (notified, ==, 1);

  while (elicit_token_store_get_busy (store))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (busy_in_callback);
  g_assert_cmpuint (notified, ==, 2);

  /* Refused at once (an invalid record) is an operation too. */
  g_assert_false (token_store_save_sync (store, SERVER, ISSUER_A, "[]", NULL, &error));
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_INVALID);
  while (elicit_token_store_get_busy (store))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (notified, ==, 4);

  g_assert_finalize_object (g_steal_pointer (&store));
}

static void
test_remember_follows_the_flags (void)
{
  g_autoptr(ElicitTokenStore) keyring = elicit_token_store_new (ELICIT_TOKEN_STORE_KEYRING);
  g_autoptr(ElicitTokenStore) memory = memory_store ();
  gboolean remember = FALSE;
  guint notified = 0;

  g_assert_true (elicit_token_store_get_remember (keyring));
  g_assert_false (elicit_token_store_get_remember (memory));

  g_signal_connect (keyring, "notify::remember", G_CALLBACK (count_notify_cb), &notified);
  g_object_set (keyring, "remember", FALSE, NULL);
  elicit_token_store_set_remember (keyring, FALSE);
  g_object_get (keyring, "remember", &remember, NULL);
  g_assert_false (remember);
  g_assert_cmpuint (notified, ==, 1);
  /* Where it was made to keep sign-ins does not change. */
  g_assert_cmpint (elicit_token_store_get_flags (keyring), ==, ELICIT_TOKEN_STORE_KEYRING);
}

/*
 * "Don't remember" after the keyring failed (no bus here): what the store
 * held stays, and from then on nothing fails, since nothing reaches for
 * D-Bus.
 */
static void
test_dont_remember_keeps_tokens_in_memory (void)
{
  g_autoptr(ElicitTokenStore) store = elicit_token_store_new (ELICIT_TOKEN_STORE_KEYRING);
  g_autoptr(GError) error = NULL;

  g_assert_false (token_store_save_sync (store, SERVER, ISSUER_A, "{\"t\":\"before\"}", NULL,
                                         &error));
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE);
  g_clear_error (&error);

  elicit_token_store_set_remember (store, FALSE);
  assert_lookup (store, SERVER, "{\"t\":\"before\"}");

  assert_save (store, SERVER, ISSUER_A, "{\"t\":\"after\"}");
  assert_save (store, OTHER_SERVER, ISSUER_B, "{\"t\":\"other\"}");
  assert_lookup (store, SERVER, "{\"t\":\"after\"}");
  assert_lookup (store, OTHER_SERVER, "{\"t\":\"other\"}");

  /* Trying again saves nothing while not remembering: no error either. */
  g_assert_true (token_store_save_pending_sync (store, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (token_store_forget_sync (store, SERVER, NULL, &error));
  g_assert_no_error (error);
  assert_lookup (store, SERVER, NULL);
  assert_lookup (store, OTHER_SERVER, "{\"t\":\"other\"}");

  g_assert_finalize_object (g_steal_pointer (&store));
}

/* Remembering again, "try again" reaches for the keyring with what memory
 * alone holds: here there is none, and it says so; the records stay. */
static void
test_save_pending_tries_the_keyring_again (void)
{
  g_autoptr(ElicitTokenStore) store = elicit_token_store_new (ELICIT_TOKEN_STORE_KEYRING);
  g_autoptr(GError) error = NULL;

  /* Nothing pending: nothing to fail. */
  g_assert_true (token_store_save_pending_sync (store, NULL, &error));
  g_assert_no_error (error);

  elicit_token_store_set_remember (store, FALSE);
  assert_save (store, SERVER, ISSUER_A, "{\"t\":\"pending\"}");
  elicit_token_store_set_remember (store, TRUE);

  g_assert_false (token_store_save_pending_sync (store, NULL, &error));
  g_assert_error (error, ELICIT_TOKEN_STORE_ERROR, ELICIT_TOKEN_STORE_ERROR_UNAVAILABLE);
  g_assert_cmpstr (error->message, ==, NO_KEYRING_SAVE);
  g_clear_error (&error);
  assert_lookup (store, SERVER, "{\"t\":\"pending\"}");

  while (elicit_token_store_get_busy (store))
    g_main_context_iteration (NULL, TRUE);
  g_assert_finalize_object (g_steal_pointer (&store));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *nowhere = NULL;

  /* Before anything connects to a bus: the keyring tests below must find none. */
  nowhere = g_strdup_printf ("unix:path=%s/elicit-no-bus-%d/bus", g_get_tmp_dir (), getpid ());
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", nowhere, TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Elicit/TokenStore/memory-only-saves-and-looks-up",
                   test_memory_saves_and_looks_up);
  g_test_add_func ("/Elicit/TokenStore/save-replaces-the-record-of-its-issuer",
                   test_save_replaces_the_record_of_its_issuer);
  g_test_add_func ("/Elicit/TokenStore/the-most-recently-saved-issuer-wins",
                   test_most_recently_saved_wins);
  g_test_add_func ("/Elicit/TokenStore/forget-removes-every-issuer",
                   test_forget_removes_every_issuer);
  g_test_add_func ("/Elicit/TokenStore/invalid-records-are-refused-and-not-kept",
                   test_invalid_records_are_refused);
  g_test_add_func ("/Elicit/TokenStore/records-are-at-most-64-KiB",
                   test_records_are_bounded);
  g_test_add_func ("/Elicit/TokenStore/lookup-of-an-empty-resource-is-refused",
                   test_lookup_of_an_empty_resource_is_refused);
  g_test_add_func ("/Elicit/TokenStore/flags-is-a-construct-property",
                   test_flags_is_a_construct_property);
  g_test_add_func ("/Elicit/TokenStore/without-a-bus-memory-stands-in",
                   test_without_a_bus_memory_stands_in);
  g_test_add_func ("/Elicit/TokenStore/cancelled-operations-say-so",
                   test_cancelled_operations_say_so);
  g_test_add_func ("/Elicit/TokenStore/busy-while-operations-are-under-way",
                   test_busy_while_operations_are_under_way);
  g_test_add_func ("/Elicit/TokenStore/remember-follows-the-flags",
                   test_remember_follows_the_flags);
  g_test_add_func ("/Elicit/TokenStore/dont-remember-keeps-tokens-in-memory",
                   test_dont_remember_keeps_tokens_in_memory);
  g_test_add_func ("/Elicit/TokenStore/save-pending-tries-the-keyring-again",
                   test_save_pending_tries_the_keyring_again);

  return g_test_run ();
}
