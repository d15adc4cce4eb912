// libcurl for SealedNetwork, with typed wrappers for the variadic curl_easy_setopt and
// curl_easy_getinfo, which Swift cannot call.
#include <curl/curl.h>

static inline CURLcode sealed_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode sealed_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode sealed_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode sealed_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode sealed_curl_set_write_function(CURL *handle, CURLoption option, curl_write_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode sealed_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

/// The result code of a finished transfer's message (a member of a union).
static inline CURLcode sealed_curl_message_result(const CURLMsg *message) {
  return message->data.result;
}

/// Whether the libcurl loaded speaks TLS (its features name SSL): one built without it fails an
/// https address as an unsupported protocol.
static inline int sealed_curl_speaks_tls(void) {
  const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  return info == NULL || (info->features & CURL_VERSION_SSL) != 0;
}

/// Restricts a handle to http and https (http alone when `with_https` is 0: a libcurl without
/// TLS refuses a list naming https), and the redirects it follows to those, or to https alone
/// when `https_redirects_only` (a request made over https is never sent on in the clear): by
/// name from libcurl 7.85 (`CURLOPT_PROTOCOLS_STR`), by bit mask before it (Ubuntu 22.04 ships
/// 7.81).
static inline CURLcode sealed_curl_restrict_protocols(CURL *handle, int https_redirects_only, int with_https) {
#if LIBCURL_VERSION_NUM >= 0x075500
  const char *allowed = with_https ? "http,https" : "http";
  CURLcode code = curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, allowed);
  return code != CURLE_OK ? code
    : curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, https_redirects_only ? "https" : allowed);
#else
  long allowed = with_https ? (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS) : (long)CURLPROTO_HTTP;
  CURLcode code = curl_easy_setopt(handle, CURLOPT_PROTOCOLS, allowed);
  long redirects = https_redirects_only ? (long)CURLPROTO_HTTPS : allowed;
  return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, redirects);
#endif
}
