"""The JDK's exception classes and their superclasses, for the contracts the compiler enforces.

Generated from the sources of the JDK's public packages (java.*, javax.*): one block per package,
``Name:Superclass``, the superclass in the same package or ``java.lang`` written by its simple
name, else qualified. A class is checked when its chain reaches ``Throwable`` through neither
``RuntimeException`` nor ``Error``.
"""

from __future__ import annotations

from functools import lru_cache

_TABLE = """
java.beans:
    IntrospectionException:Exception PropertyVetoException:Exception
java.io:
    CharConversionException:IOException EOFException:IOException FileNotFoundException:IOException
    IOError:Error IOException:Exception InterruptedIOException:IOException
    InvalidClassException:ObjectStreamException InvalidObjectException:ObjectStreamException
    NotActiveException:ObjectStreamException NotSerializableException:ObjectStreamException
    ObjectStreamException:IOException OptionalDataException:ObjectStreamException
    StreamCorruptedException:ObjectStreamException SyncFailedException:IOException
    UTFDataFormatException:IOException UncheckedIOException:RuntimeException
    UnsupportedEncodingException:IOException WriteAbortedException:ObjectStreamException
java.lang:
    AbstractMethodError:IncompatibleClassChangeError ArithmeticException:RuntimeException
    ArrayIndexOutOfBoundsException:IndexOutOfBoundsException ArrayStoreException:RuntimeException
    AssertionError:Error BootstrapMethodError:LinkageError ClassCastException:RuntimeException
    ClassCircularityError:LinkageError ClassFormatError:LinkageError
    ClassNotFoundException:ReflectiveOperationException CloneNotSupportedException:Exception
    EnumConstantNotPresentException:RuntimeException Error:Throwable Exception:Throwable
    ExceptionInInitializerError:LinkageError IllegalAccessError:IncompatibleClassChangeError
    IllegalAccessException:ReflectiveOperationException IllegalArgumentException:RuntimeException
    IllegalCallerException:RuntimeException IllegalMonitorStateException:RuntimeException
    IllegalStateException:RuntimeException IllegalThreadStateException:IllegalArgumentException
    IncompatibleClassChangeError:LinkageError IndexOutOfBoundsException:RuntimeException
    InstantiationError:IncompatibleClassChangeError
    InstantiationException:ReflectiveOperationException InternalError:VirtualMachineError
    InterruptedException:Exception LayerInstantiationException:RuntimeException LinkageError:Error
    MatchException:RuntimeException NegativeArraySizeException:RuntimeException
    NoClassDefFoundError:LinkageError NoSuchFieldError:IncompatibleClassChangeError
    NoSuchFieldException:ReflectiveOperationException NoSuchMethodError:IncompatibleClassChangeError
    NoSuchMethodException:ReflectiveOperationException NullPointerException:RuntimeException
    NumberFormatException:IllegalArgumentException OutOfMemoryError:VirtualMachineError
    ReflectiveOperationException:Exception RuntimeException:Exception
    SecurityException:RuntimeException StackOverflowError:VirtualMachineError
    StringIndexOutOfBoundsException:IndexOutOfBoundsException ThreadDeath:Error
    TypeNotPresentException:RuntimeException UnknownError:VirtualMachineError
    UnsatisfiedLinkError:LinkageError UnsupportedClassVersionError:ClassFormatError
    UnsupportedOperationException:RuntimeException VerifyError:LinkageError
    VirtualMachineError:Error WrongThreadException:RuntimeException
java.lang.annotation:
    AnnotationFormatError:Error AnnotationTypeMismatchException:RuntimeException
    IncompleteAnnotationException:RuntimeException
java.lang.classfile.constantpool:
    ConstantPoolException:IllegalArgumentException
java.lang.invoke:
    LambdaConversionException:Exception StringConcatException:Exception
    WrongMethodTypeException:RuntimeException
java.lang.module:
    FindException:RuntimeException InvalidModuleDescriptorException:RuntimeException
    ResolutionException:RuntimeException
java.lang.reflect:
    GenericSignatureFormatError:ClassFormatError InaccessibleObjectException:RuntimeException
    InvocationTargetException:ReflectiveOperationException
    MalformedParameterizedTypeException:RuntimeException
    MalformedParametersException:RuntimeException UndeclaredThrowableException:RuntimeException
java.net:
    BindException:SocketException ConnectException:SocketException
    HttpRetryException:java.io.IOException MalformedURLException:java.io.IOException
    NoRouteToHostException:SocketException PortUnreachableException:SocketException
    ProtocolException:java.io.IOException SocketException:java.io.IOException
    SocketTimeoutException:java.io.InterruptedIOException URISyntaxException:Exception
    UnknownHostException:java.io.IOException UnknownServiceException:java.io.IOException
java.net.http:
    HttpConnectTimeoutException:HttpTimeoutException HttpTimeoutException:java.io.IOException
    WebSocketHandshakeException:java.io.IOException
java.nio:
    BufferOverflowException:RuntimeException BufferUnderflowException:RuntimeException
    InvalidMarkException:IllegalStateException ReadOnlyBufferException:UnsupportedOperationException
java.nio.channels:
    AcceptPendingException:IllegalStateException AlreadyBoundException:IllegalStateException
    AlreadyConnectedException:IllegalStateException
    AsynchronousCloseException:ClosedChannelException CancelledKeyException:IllegalStateException
    ClosedByInterruptException:AsynchronousCloseException ClosedChannelException:java.io.IOException
    ClosedSelectorException:IllegalStateException ConnectionPendingException:IllegalStateException
    FileLockInterruptionException:java.io.IOException
    IllegalBlockingModeException:IllegalStateException
    IllegalChannelGroupException:IllegalArgumentException
    IllegalSelectorException:IllegalArgumentException
    InterruptedByTimeoutException:java.io.IOException
    NoConnectionPendingException:IllegalStateException
    NonReadableChannelException:IllegalStateException
    NonWritableChannelException:IllegalStateException NotYetBoundException:IllegalStateException
    NotYetConnectedException:IllegalStateException
    OverlappingFileLockException:IllegalStateException ReadPendingException:IllegalStateException
    ShutdownChannelGroupException:IllegalStateException
    UnresolvedAddressException:IllegalArgumentException
    UnsupportedAddressTypeException:IllegalArgumentException
    WritePendingException:IllegalStateException
java.nio.charset:
    CharacterCodingException:java.io.IOException CoderMalfunctionError:Error
    IllegalCharsetNameException:IllegalArgumentException
    MalformedInputException:CharacterCodingException
    UnmappableCharacterException:CharacterCodingException
    UnsupportedCharsetException:IllegalArgumentException
java.nio.file:
    AccessDeniedException:FileSystemException AtomicMoveNotSupportedException:FileSystemException
    ClosedDirectoryStreamException:IllegalStateException
    ClosedFileSystemException:IllegalStateException
    ClosedWatchServiceException:IllegalStateException
    DirectoryIteratorException:java.util.ConcurrentModificationException
    DirectoryNotEmptyException:FileSystemException FileAlreadyExistsException:FileSystemException
    FileSystemAlreadyExistsException:RuntimeException FileSystemException:java.io.IOException
    FileSystemLoopException:FileSystemException FileSystemNotFoundException:RuntimeException
    InvalidPathException:IllegalArgumentException NoSuchFileException:FileSystemException
    NotDirectoryException:FileSystemException NotLinkException:FileSystemException
    ProviderMismatchException:IllegalArgumentException ProviderNotFoundException:RuntimeException
    ReadOnlyFileSystemException:UnsupportedOperationException
java.nio.file.attribute:
    UserPrincipalNotFoundException:java.io.IOException
java.security:
    AccessControlException:SecurityException DigestException:GeneralSecurityException
    GeneralSecurityException:Exception InvalidAlgorithmParameterException:GeneralSecurityException
    InvalidKeyException:KeyException InvalidParameterException:IllegalArgumentException
    KeyException:GeneralSecurityException KeyManagementException:KeyException
    KeyStoreException:GeneralSecurityException NoSuchAlgorithmException:GeneralSecurityException
    NoSuchProviderException:GeneralSecurityException PrivilegedActionException:Exception
    ProviderException:RuntimeException SignatureException:GeneralSecurityException
    UnrecoverableEntryException:GeneralSecurityException
    UnrecoverableKeyException:UnrecoverableEntryException
java.security.cert:
    CRLException:java.security.GeneralSecurityException
    CertPathBuilderException:java.security.GeneralSecurityException
    CertPathValidatorException:java.security.GeneralSecurityException
    CertStoreException:java.security.GeneralSecurityException
    CertificateEncodingException:CertificateException
    CertificateException:java.security.GeneralSecurityException
    CertificateExpiredException:CertificateException
    CertificateNotYetValidException:CertificateException
    CertificateParsingException:CertificateException
    CertificateRevokedException:CertificateException
java.security.spec:
    InvalidKeySpecException:java.security.GeneralSecurityException
    InvalidParameterSpecException:java.security.GeneralSecurityException
java.sql:
    BatchUpdateException:SQLException DataTruncation:SQLWarning SQLClientInfoException:SQLException
    SQLDataException:SQLNonTransientException SQLException:Exception
    SQLFeatureNotSupportedException:SQLNonTransientException
    SQLIntegrityConstraintViolationException:SQLNonTransientException
    SQLInvalidAuthorizationSpecException:SQLNonTransientException
    SQLNonTransientConnectionException:SQLNonTransientException
    SQLNonTransientException:SQLException SQLRecoverableException:SQLException
    SQLSyntaxErrorException:SQLNonTransientException SQLTimeoutException:SQLTransientException
    SQLTransactionRollbackException:SQLTransientException
    SQLTransientConnectionException:SQLTransientException SQLTransientException:SQLException
    SQLWarning:SQLException
java.text:
    ParseException:Exception
java.time:
    DateTimeException:RuntimeException
java.time.format:
    DateTimeParseException:java.time.DateTimeException
java.time.temporal:
    UnsupportedTemporalTypeException:java.time.DateTimeException
java.time.zone:
    ZoneRulesException:java.time.DateTimeException
java.util:
    ConcurrentModificationException:RuntimeException
    DuplicateFormatFlagsException:IllegalFormatException EmptyStackException:RuntimeException
    FormatFlagsConversionMismatchException:IllegalFormatException
    FormatterClosedException:IllegalStateException
    IllegalFormatCodePointException:IllegalFormatException
    IllegalFormatConversionException:IllegalFormatException
    IllegalFormatException:IllegalArgumentException
    IllegalFormatFlagsException:IllegalFormatException
    IllegalFormatPrecisionException:IllegalFormatException
    IllegalFormatWidthException:IllegalFormatException IllformedLocaleException:RuntimeException
    InputMismatchException:NoSuchElementException
    InvalidPropertiesFormatException:java.io.IOException
    MissingFormatArgumentException:IllegalFormatException
    MissingFormatWidthException:IllegalFormatException MissingResourceException:RuntimeException
    NoSuchElementException:RuntimeException ServiceConfigurationError:Error
    TooManyListenersException:Exception UnknownFormatConversionException:IllegalFormatException
    UnknownFormatFlagsException:IllegalFormatException
java.util.concurrent:
    BrokenBarrierException:Exception CancellationException:IllegalStateException
    CompletionException:RuntimeException ExecutionException:Exception
    RejectedExecutionException:RuntimeException StructureViolationException:RuntimeException
    TimeoutException:Exception
java.util.jar:
    JarException:java.util.zip.ZipException
java.util.prefs:
    BackingStoreException:Exception InvalidPreferencesFormatException:Exception
java.util.regex:
    PatternSyntaxException:IllegalArgumentException
java.util.zip:
    DataFormatException:Exception ZipError:InternalError ZipException:java.io.IOException
javax.crypto:
    AEADBadTagException:BadPaddingException
    BadPaddingException:java.security.GeneralSecurityException
    DecapsulateException:java.security.GeneralSecurityException
    ExemptionMechanismException:java.security.GeneralSecurityException
    IllegalBlockSizeException:java.security.GeneralSecurityException
    NoSuchPaddingException:java.security.GeneralSecurityException
    ShortBufferException:java.security.GeneralSecurityException
javax.management:
    AttributeNotFoundException:OperationsException BadAttributeValueExpException:Exception
    BadBinaryOpValueExpException:Exception BadStringOperationException:Exception
    InstanceAlreadyExistsException:OperationsException InstanceNotFoundException:OperationsException
    IntrospectionException:OperationsException InvalidApplicationException:Exception
    InvalidAttributeValueException:OperationsException JMException:Exception
    JMRuntimeException:RuntimeException ListenerNotFoundException:OperationsException
    MBeanException:JMException MBeanRegistrationException:MBeanException
    MalformedObjectNameException:OperationsException NotCompliantMBeanException:OperationsException
    OperationsException:JMException ReflectionException:JMException
    RuntimeErrorException:JMRuntimeException RuntimeMBeanException:JMRuntimeException
    RuntimeOperationsException:JMRuntimeException ServiceNotFoundException:OperationsException
javax.management.modelmbean:
    InvalidTargetObjectTypeException:Exception XMLParseException:Exception
javax.management.monitor:
    MonitorSettingException:javax.management.JMRuntimeException
javax.management.openmbean:
    InvalidKeyException:IllegalArgumentException InvalidOpenTypeException:IllegalArgumentException
    KeyAlreadyExistsException:IllegalArgumentException
    OpenDataException:javax.management.JMException
javax.management.relation:
    InvalidRelationIdException:RelationException InvalidRelationServiceException:RelationException
    InvalidRelationTypeException:RelationException InvalidRoleInfoException:RelationException
    InvalidRoleValueException:RelationException RelationException:javax.management.JMException
    RelationNotFoundException:RelationException
    RelationServiceNotRegisteredException:RelationException
    RelationTypeNotFoundException:RelationException RoleInfoNotFoundException:RelationException
    RoleNotFoundException:RelationException
javax.management.remote:
    JMXProviderException:java.io.IOException JMXServerErrorException:java.io.IOException
javax.naming:
    AuthenticationException:NamingSecurityException
    AuthenticationNotSupportedException:NamingSecurityException
    CannotProceedException:NamingException CommunicationException:NamingException
    ConfigurationException:NamingException ContextNotEmptyException:NamingException
    InsufficientResourcesException:NamingException InterruptedNamingException:NamingException
    InvalidNameException:NamingException LimitExceededException:NamingException
    LinkException:NamingException LinkLoopException:LinkException
    MalformedLinkException:LinkException NameAlreadyBoundException:NamingException
    NameNotFoundException:NamingException NamingException:Exception
    NamingSecurityException:NamingException NoInitialContextException:NamingException
    NoPermissionException:NamingSecurityException NotContextException:NamingException
    OperationNotSupportedException:NamingException PartialResultException:NamingException
    ReferralException:NamingException ServiceUnavailableException:NamingException
    SizeLimitExceededException:LimitExceededException
    TimeLimitExceededException:LimitExceededException
javax.naming.directory:
    AttributeInUseException:javax.naming.NamingException
    AttributeModificationException:javax.naming.NamingException
    InvalidAttributeIdentifierException:javax.naming.NamingException
    InvalidAttributeValueException:javax.naming.NamingException
    InvalidAttributesException:javax.naming.NamingException
    InvalidSearchControlsException:javax.naming.NamingException
    InvalidSearchFilterException:javax.naming.NamingException
    NoSuchAttributeException:javax.naming.NamingException
    SchemaViolationException:javax.naming.NamingException
javax.naming.ldap:
    LdapReferralException:javax.naming.ReferralException
javax.net.ssl:
    SSLException:java.io.IOException SSLHandshakeException:SSLException SSLKeyException:SSLException
    SSLPeerUnverifiedException:SSLException SSLProtocolException:SSLException
javax.security.auth:
    DestroyFailedException:Exception RefreshFailedException:Exception
javax.security.auth.callback:
    UnsupportedCallbackException:Exception
javax.security.auth.login:
    AccountException:LoginException AccountExpiredException:AccountException
    AccountLockedException:AccountException AccountNotFoundException:AccountException
    CredentialException:LoginException CredentialExpiredException:CredentialException
    CredentialNotFoundException:CredentialException FailedLoginException:LoginException
    LoginException:java.security.GeneralSecurityException
javax.security.cert:
    CertificateEncodingException:CertificateException CertificateException:Exception
    CertificateExpiredException:CertificateException
    CertificateNotYetValidException:CertificateException
    CertificateParsingException:CertificateException
javax.xml.catalog:
    CatalogException:RuntimeException
javax.xml.datatype:
    DatatypeConfigurationException:Exception
javax.xml.parsers:
    FactoryConfigurationError:Error ParserConfigurationException:Exception
javax.xml.stream:
    FactoryConfigurationError:Error XMLStreamException:Exception
javax.xml.transform:
    TransformerConfigurationException:TransformerException TransformerException:Exception
    TransformerFactoryConfigurationError:Error
javax.xml.validation:
    SchemaFactoryConfigurationError:Error
javax.xml.xpath:
    XPathException:Exception XPathExpressionException:XPathException
    XPathFactoryConfigurationException:XPathException
    XPathFunctionException:XPathExpressionException
"""

THROWABLE = "java.lang.Throwable"
UNCHECKED_ROOTS = frozenset({"java.lang.RuntimeException", "java.lang.Error"})


@lru_cache(maxsize=1)
def superclasses() -> dict[str, str]:
    """Qualified exception class -> its qualified superclass."""
    out: dict[str, str] = {"java.lang.Exception": THROWABLE, "java.lang.Error": THROWABLE}
    pkg = ""
    for line in _TABLE.split("\n"):
        if not line.strip():
            continue
        if not line.startswith(" "):
            pkg = line.strip().rstrip(":")
            continue
        for entry in line.split():
            name, parent = entry.split(":")
            if "." not in parent:
                known = f"{pkg}.{parent}" in _names() or pkg == "java.lang"
                parent = f"{pkg}.{parent}" if known else f"java.lang.{parent}"
            out[f"{pkg}.{name}"] = parent
    return out


@lru_cache(maxsize=1)
def _names() -> frozenset[str]:
    names: set[str] = set()
    pkg = ""
    for line in _TABLE.split("\n"):
        if line.strip() and not line.startswith(" "):
            pkg = line.strip().rstrip(":")
        elif line.strip():
            names.update(f"{pkg}.{e.split(':')[0]}" for e in line.split())
    return frozenset(names)


@lru_cache(maxsize=1)
def by_simple_name() -> dict[str, tuple[str, ...]]:
    """Simple name -> the qualified JDK exception classes of that name."""
    out: dict[str, list[str]] = {}
    for q in superclasses():
        out.setdefault(q.rsplit(".", 1)[1], []).append(q)
    out.setdefault("Throwable", []).append(THROWABLE)
    return {k: tuple(v) for k, v in out.items()}


def packages() -> frozenset[str]:
    """The packages the table covers."""
    return frozenset(q.rsplit(".", 1)[0] for q in superclasses())
