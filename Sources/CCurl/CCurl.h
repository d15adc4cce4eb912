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
