//! The error of an API request: a status code and a message naming the problem.

use super::http::Response;

/// Why a request could not be answered; it becomes `{"error": message}` with its status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (400 for a bad request, 404, 405, ...).
    pub status: u16,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl ApiError {
    /// A bad request (400).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }
}

impl From<ApiError> for Response {
    fn from(e: ApiError) -> Response {
        Response::error(e.status, &e.message)
    }
}
