"""The public classes of the JDK packages code imports with wildcards most (``java.util.*``),
so that such an import is a list of names rather than an open world: the Java extractor
(:mod:`docfact.lang.java.extract`) turns a wildcard import of a listed package into named imports of
the classes the file spells, and name resolution (:mod:`docfact.lang.java.names`) looks names
up in it."""

from __future__ import annotations

import re
from functools import lru_cache

from docfact.model import Import


def is_listed_jdk_package(package: str) -> bool:
    """Whether :data:`_JDK_TABLE` lists the classes of ``package``."""
    return package in _jdk_table()


def jdk_classes(package: str) -> frozenset[str]:
    """The public top-level classes of a JDK package in :data:`_JDK_TABLE` (empty for any other
    package: one docfact cannot list)."""
    return _jdk_table().get(package, frozenset())


def wildcard_jdk_imports(imports: list[Import], text: str) -> list[Import]:
    """For each wildcard import of a listed JDK package (``import java.util.*;``), a named import
    of every class of that package the file's text spells (code or comments): the names such an
    import binds that the file may mention, without listing a package's every class per file."""
    packages = [imp for imp in imports if imp.name == "*" and imp.module in _jdk_table()]
    if not packages:
        return []
    words = set(_WORD.findall(text))
    explicit = {imp.name for imp in imports if imp.name != "*"}
    out: list[Import] = []
    for imp in packages:
        for name in sorted(jdk_classes(imp.module) & words - explicit):
            out.append(Import(module=imp.module, name=name, alias=None, line=imp.line))
            explicit.add(name)  # the first wildcard binds it (the compiler would call two ambiguous)
    return out


_WORD = re.compile(r"\b[A-Z][A-Za-z0-9_]*\b")


@lru_cache(maxsize=1)
def _jdk_table() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    pkg = ""
    for line in _JDK_TABLE.split("\n"):
        if not line.strip():
            continue
        if not line.startswith(" "):
            pkg = line.strip().rstrip(":")
            continue
        out.setdefault(pkg, set()).update(line.split())
    return {k: frozenset(v) for k, v in out.items()}


# Public top-level classes of the JDK's java.io, java.lang.*, java.math, java.net.*, java.nio.*,
# java.security.*, java.sql, java.text.*, java.time.* and java.util.* packages: every class the
# ``lib/ct.sym`` of OpenJDK 17 lists for releases 7 to 16 (not those new in 17), one block per package.
_JDK_TABLE = """
java.io:
    BufferedInputStream BufferedOutputStream BufferedReader BufferedWriter ByteArrayInputStream
    ByteArrayOutputStream CharArrayReader CharArrayWriter CharConversionException Closeable
    Console DataInput DataInputStream DataOutput DataOutputStream EOFException Externalizable
    File FileDescriptor FileFilter FileInputStream FileNotFoundException FileOutputStream
    FilePermission FileReader FileWriter FilenameFilter FilterInputStream FilterOutputStream
    FilterReader FilterWriter Flushable IOError IOException InputStream InputStreamReader
    InterruptedIOException InvalidClassException InvalidObjectException LineNumberInputStream
    LineNumberReader NotActiveException NotSerializableException ObjectInput ObjectInputFilter
    ObjectInputStream ObjectInputValidation ObjectOutput ObjectOutputStream ObjectStreamClass
    ObjectStreamConstants ObjectStreamException ObjectStreamField OptionalDataException
    OutputStream OutputStreamWriter PipedInputStream PipedOutputStream PipedReader PipedWriter
    PrintStream PrintWriter PushbackInputStream PushbackReader RandomAccessFile Reader
    SequenceInputStream Serial Serializable SerializablePermission StreamCorruptedException
    StreamTokenizer StringBufferInputStream StringReader StringWriter SyncFailedException
    UTFDataFormatException UncheckedIOException UnsupportedEncodingException
    WriteAbortedException Writer
java.lang:
    AbstractMethodError AbstractStringBuilder Appendable ArithmeticException
    ArrayIndexOutOfBoundsException ArrayStoreException AssertionError AutoCloseable Boolean
    BootstrapMethodError Byte CharSequence Character Class ClassCastException
    ClassCircularityError ClassFormatError ClassLoader ClassNotFoundException ClassValue
    CloneNotSupportedException Cloneable Comparable Compiler Deprecated Double Enum
    EnumConstantNotPresentException Error Exception ExceptionInInitializerError Float
    FunctionalInterface IllegalAccessError IllegalAccessException IllegalArgumentException
    IllegalCallerException IllegalMonitorStateException IllegalStateException
    IllegalThreadStateException IncompatibleClassChangeError IndexOutOfBoundsException
    InheritableThreadLocal InstantiationError InstantiationException Integer InternalError
    InterruptedException Iterable LayerInstantiationException LinkageError Long Math Module
    ModuleLayer NamedPackage NegativeArraySizeException NoClassDefFoundError NoSuchFieldError
    NoSuchFieldException NoSuchMethodError NoSuchMethodException NullPointerException Number
    NumberFormatException Object OutOfMemoryError Override Package Process ProcessBuilder
    ProcessHandle Readable Record ReflectiveOperationException Runnable Runtime RuntimeException
    RuntimePermission SafeVarargs SecurityException SecurityManager Short StackOverflowError
    StackTraceElement StackWalker StrictMath String StringBuffer StringBuilder
    StringIndexOutOfBoundsException SuppressWarnings System Thread ThreadDeath ThreadGroup
    ThreadLocal Throwable TypeNotPresentException UnknownError UnsatisfiedLinkError
    UnsupportedClassVersionError UnsupportedOperationException VerifyError VirtualMachineError
    Void
java.lang.annotation:
    Annotation AnnotationFormatError AnnotationTypeMismatchException Documented ElementType
    IncompleteAnnotationException Inherited Native Repeatable Retention RetentionPolicy Target
java.lang.constant:
    ClassDesc Constable ConstantDesc ConstantDescs DirectMethodHandleDesc DynamicCallSiteDesc
    DynamicConstantDesc MethodHandleDesc MethodTypeDesc
java.lang.instrument:
    ClassDefinition ClassFileTransformer IllegalClassFormatException Instrumentation
    UnmodifiableClassException UnmodifiableModuleException
java.lang.invoke:
    CallSite ConstantBootstraps ConstantCallSite LambdaConversionException LambdaMetafactory
    MethodHandle MethodHandleInfo MethodHandleProxies MethodHandles MethodType MutableCallSite
    SerializedLambda StringConcatException StringConcatFactory SwitchPoint TypeDescriptor
    VarHandle VolatileCallSite WrongMethodTypeException
java.lang.management:
    BufferPoolMXBean ClassLoadingMXBean CompilationMXBean GarbageCollectorMXBean LockInfo
    ManagementFactory ManagementPermission MemoryMXBean MemoryManagerMXBean
    MemoryNotificationInfo MemoryPoolMXBean MemoryType MemoryUsage MonitorInfo
    OperatingSystemMXBean PlatformLoggingMXBean PlatformManagedObject RuntimeMXBean ThreadInfo
    ThreadMXBean
java.lang.module:
    Configuration FindException InvalidModuleDescriptorException ModuleDescriptor ModuleFinder
    ModuleReader ModuleReference ResolutionException ResolvedModule
java.lang.ref:
    Cleaner PhantomReference Reference ReferenceQueue SoftReference WeakReference
java.lang.reflect:
    AccessibleObject AnnotatedArrayType AnnotatedElement AnnotatedParameterizedType
    AnnotatedType AnnotatedTypeVariable AnnotatedWildcardType Array Constructor Executable Field
    GenericArrayType GenericDeclaration GenericSignatureFormatError InaccessibleObjectException
    InvocationHandler InvocationTargetException MalformedParameterizedTypeException
    MalformedParametersException Member Method Modifier Parameter ParameterizedType Proxy
    RecordComponent ReflectPermission Type TypeVariable UndeclaredThrowableException
    WildcardType
java.lang.runtime:
    ObjectMethods
java.math:
    BigDecimal BigInteger MathContext RoundingMode
java.net:
    Authenticator BindException CacheRequest CacheResponse ConnectException ContentHandler
    ContentHandlerFactory CookieHandler CookieManager CookiePolicy CookieStore DatagramPacket
    DatagramSocket DatagramSocketImpl DatagramSocketImplFactory FileNameMap HttpCookie
    HttpRetryException HttpURLConnection IDN Inet4Address Inet6Address InetAddress
    InetSocketAddress InterfaceAddress JarURLConnection MalformedURLException MulticastSocket
    NetPermission NetworkInterface NoRouteToHostException PasswordAuthentication
    PortUnreachableException ProtocolException ProtocolFamily Proxy ProxySelector ResponseCache
    SecureCacheResponse ServerSocket Socket SocketAddress SocketException SocketImpl
    SocketImplFactory SocketOption SocketOptions SocketPermission SocketTimeoutException
    StandardProtocolFamily StandardSocketOptions URI URISyntaxException URL URLClassLoader
    URLConnection URLDecoder URLEncoder URLPermission URLStreamHandler URLStreamHandlerFactory
    UnixDomainSocketAddress UnknownHostException UnknownServiceException
java.net.http:
    HttpClient HttpConnectTimeoutException HttpHeaders HttpRequest HttpResponse
    HttpTimeoutException WebSocket WebSocketHandshakeException
java.net.spi:
    URLStreamHandlerProvider
java.nio:
    Buffer BufferOverflowException BufferUnderflowException ByteBuffer ByteOrder CharBuffer
    DoubleBuffer FloatBuffer IntBuffer InvalidMarkException LongBuffer MappedByteBuffer
    ReadOnlyBufferException ShortBuffer
java.nio.channels:
    AcceptPendingException AlreadyBoundException AlreadyConnectedException
    AsynchronousByteChannel AsynchronousChannel AsynchronousChannelGroup
    AsynchronousCloseException AsynchronousFileChannel AsynchronousServerSocketChannel
    AsynchronousSocketChannel ByteChannel CancelledKeyException Channel Channels
    ClosedByInterruptException ClosedChannelException ClosedSelectorException CompletionHandler
    ConnectionPendingException DatagramChannel FileChannel FileLock
    FileLockInterruptionException GatheringByteChannel IllegalBlockingModeException
    IllegalChannelGroupException IllegalSelectorException InterruptedByTimeoutException
    InterruptibleChannel MembershipKey MulticastChannel NetworkChannel
    NoConnectionPendingException NonReadableChannelException NonWritableChannelException
    NotYetBoundException NotYetConnectedException OverlappingFileLockException Pipe
    ReadPendingException ReadableByteChannel ScatteringByteChannel SeekableByteChannel
    SelectableChannel SelectionKey Selector ServerSocketChannel ShutdownChannelGroupException
    SocketChannel UnresolvedAddressException UnsupportedAddressTypeException WritableByteChannel
    WritePendingException
java.nio.channels.spi:
    AbstractInterruptibleChannel AbstractSelectableChannel AbstractSelectionKey AbstractSelector
    AsynchronousChannelProvider SelectorProvider
java.nio.charset:
    CharacterCodingException Charset CharsetDecoder CharsetEncoder CoderMalfunctionError
    CoderResult CodingErrorAction IllegalCharsetNameException MalformedInputException
    StandardCharsets UnmappableCharacterException UnsupportedCharsetException
java.nio.charset.spi:
    CharsetProvider
java.nio.file:
    AccessDeniedException AccessMode AtomicMoveNotSupportedException
    ClosedDirectoryStreamException ClosedFileSystemException ClosedWatchServiceException
    CopyOption DirectoryIteratorException DirectoryNotEmptyException DirectoryStream
    FileAlreadyExistsException FileStore FileSystem FileSystemAlreadyExistsException
    FileSystemException FileSystemLoopException FileSystemNotFoundException FileSystems
    FileVisitOption FileVisitResult FileVisitor Files InvalidPathException LinkOption
    LinkPermission NoSuchFileException NotDirectoryException NotLinkException OpenOption Path
    PathMatcher Paths ProviderMismatchException ProviderNotFoundException
    ReadOnlyFileSystemException SecureDirectoryStream SimpleFileVisitor StandardCopyOption
    StandardOpenOption StandardWatchEventKinds WatchEvent WatchKey WatchService Watchable
java.nio.file.attribute:
    AclEntry AclEntryFlag AclEntryPermission AclEntryType AclFileAttributeView AttributeView
    BasicFileAttributeView BasicFileAttributes DosFileAttributeView DosFileAttributes
    FileAttribute FileAttributeView FileOwnerAttributeView FileStoreAttributeView FileTime
    GroupPrincipal PosixFileAttributeView PosixFileAttributes PosixFilePermission
    PosixFilePermissions UserDefinedFileAttributeView UserPrincipal UserPrincipalLookupService
    UserPrincipalNotFoundException
java.nio.file.spi:
    FileSystemProvider FileTypeDetector
java.security:
    AccessControlContext AccessControlException AccessController AlgorithmConstraints
    AlgorithmParameterGenerator AlgorithmParameterGeneratorSpi AlgorithmParameters
    AlgorithmParametersSpi AllPermission AuthProvider BasicPermission Certificate CodeSigner
    CodeSource CryptoPrimitive DigestException DigestInputStream DigestOutputStream
    DomainCombiner DomainLoadStoreParameter DrbgParameters GeneralSecurityException Guard
    GuardedObject Identity IdentityScope InvalidAlgorithmParameterException InvalidKeyException
    InvalidParameterException Key KeyException KeyFactory KeyFactorySpi KeyManagementException
    KeyPair KeyPairGenerator KeyPairGeneratorSpi KeyRep KeyStore KeyStoreException KeyStoreSpi
    MessageDigest MessageDigestSpi NoSuchAlgorithmException NoSuchProviderException
    PKCS12Attribute Permission PermissionCollection Permissions Policy PolicySpi Principal
    PrivateKey PrivilegedAction PrivilegedActionException PrivilegedExceptionAction
    ProtectionDomain Provider ProviderException PublicKey SecureClassLoader SecureRandom
    SecureRandomParameters SecureRandomSpi Security SecurityPermission Signature
    SignatureException SignatureSpi SignedObject Signer Timestamp URIParameter
    UnrecoverableEntryException UnrecoverableKeyException UnresolvedPermission
java.security.cert:
    CRL CRLException CRLReason CRLSelector CertPath CertPathBuilder CertPathBuilderException
    CertPathBuilderResult CertPathBuilderSpi CertPathChecker CertPathParameters
    CertPathValidator CertPathValidatorException CertPathValidatorResult CertPathValidatorSpi
    CertSelector CertStore CertStoreException CertStoreParameters CertStoreSpi Certificate
    CertificateEncodingException CertificateException CertificateExpiredException
    CertificateFactory CertificateFactorySpi CertificateNotYetValidException
    CertificateParsingException CertificateRevokedException CollectionCertStoreParameters
    Extension LDAPCertStoreParameters PKIXBuilderParameters PKIXCertPathBuilderResult
    PKIXCertPathChecker PKIXCertPathValidatorResult PKIXParameters PKIXReason
    PKIXRevocationChecker PolicyNode PolicyQualifierInfo TrustAnchor URICertStoreParameters
    X509CRL X509CRLEntry X509CRLSelector X509CertSelector X509Certificate X509Extension
java.security.interfaces:
    DSAKey DSAKeyPairGenerator DSAParams DSAPrivateKey DSAPublicKey ECKey ECPrivateKey
    ECPublicKey EdECKey EdECPrivateKey EdECPublicKey RSAKey RSAMultiPrimePrivateCrtKey
    RSAPrivateCrtKey RSAPrivateKey RSAPublicKey XECKey XECPrivateKey XECPublicKey
java.security.spec:
    AlgorithmParameterSpec DSAGenParameterSpec DSAParameterSpec DSAPrivateKeySpec
    DSAPublicKeySpec ECField ECFieldF2m ECFieldFp ECGenParameterSpec ECParameterSpec ECPoint
    ECPrivateKeySpec ECPublicKeySpec EdDSAParameterSpec EdECPoint EdECPrivateKeySpec
    EdECPublicKeySpec EllipticCurve EncodedKeySpec InvalidKeySpecException
    InvalidParameterSpecException KeySpec MGF1ParameterSpec NamedParameterSpec
    PKCS8EncodedKeySpec PSSParameterSpec RSAKeyGenParameterSpec RSAMultiPrimePrivateCrtKeySpec
    RSAOtherPrimeInfo RSAPrivateCrtKeySpec RSAPrivateKeySpec RSAPublicKeySpec X509EncodedKeySpec
    XECPrivateKeySpec XECPublicKeySpec
java.sql:
    Array BatchUpdateException Blob CallableStatement ClientInfoStatus Clob Connection
    ConnectionBuilder DataTruncation DatabaseMetaData Date Driver DriverAction DriverManager
    DriverPropertyInfo JDBCType NClob ParameterMetaData PreparedStatement PseudoColumnUsage Ref
    ResultSet ResultSetMetaData RowId RowIdLifetime SQLClientInfoException SQLData
    SQLDataException SQLException SQLFeatureNotSupportedException SQLInput
    SQLIntegrityConstraintViolationException SQLInvalidAuthorizationSpecException
    SQLNonTransientConnectionException SQLNonTransientException SQLOutput SQLPermission
    SQLRecoverableException SQLSyntaxErrorException SQLTimeoutException
    SQLTransactionRollbackException SQLTransientConnectionException SQLTransientException
    SQLType SQLWarning SQLXML Savepoint ShardingKey ShardingKeyBuilder Statement Struct Time
    Timestamp Types Wrapper
java.text:
    Annotation AttributedCharacterIterator AttributedString Bidi BreakIterator CharacterIterator
    ChoiceFormat CollationElementIterator CollationKey Collator CompactNumberFormat DateFormat
    DateFormatSymbols DecimalFormat DecimalFormatSymbols FieldPosition Format MessageFormat
    Normalizer NumberFormat ParseException ParsePosition RuleBasedCollator SimpleDateFormat
    StringCharacterIterator
java.text.spi:
    BreakIteratorProvider CollatorProvider DateFormatProvider DateFormatSymbolsProvider
    DecimalFormatSymbolsProvider NumberFormatProvider
java.time:
    Clock DateTimeException DayOfWeek Duration Instant LocalDate LocalDateTime LocalTime Month
    MonthDay OffsetDateTime OffsetTime Period Year YearMonth ZoneId ZoneOffset ZonedDateTime
java.time.chrono:
    AbstractChronology ChronoLocalDate ChronoLocalDateImpl ChronoLocalDateTime ChronoPeriod
    ChronoZonedDateTime Chronology Era HijrahChronology HijrahDate HijrahEra IsoChronology
    IsoEra JapaneseChronology JapaneseDate JapaneseEra MinguoChronology MinguoDate MinguoEra
    ThaiBuddhistChronology ThaiBuddhistDate ThaiBuddhistEra
java.time.format:
    DateTimeFormatter DateTimeFormatterBuilder DateTimeParseException DecimalStyle FormatStyle
    ResolverStyle SignStyle TextStyle
java.time.temporal:
    ChronoField ChronoUnit IsoFields JulianFields Temporal TemporalAccessor TemporalAdjuster
    TemporalAdjusters TemporalAmount TemporalField TemporalQueries TemporalQuery TemporalUnit
    UnsupportedTemporalTypeException ValueRange WeekFields
java.time.zone:
    ZoneOffsetTransition ZoneOffsetTransitionRule ZoneRules ZoneRulesException ZoneRulesProvider
java.util:
    AbstractCollection AbstractList AbstractMap AbstractQueue AbstractSequentialList AbstractSet
    ArrayDeque ArrayList Arrays Base64 BitSet Calendar Collection Collections Comparator
    ConcurrentModificationException Currency Date Deque Dictionary DoubleSummaryStatistics
    DuplicateFormatFlagsException EmptyStackException EnumMap EnumSet Enumeration EventListener
    EventListenerProxy EventObject FormatFlagsConversionMismatchException Formattable
    FormattableFlags Formatter FormatterClosedException GregorianCalendar HashMap HashSet
    Hashtable IdentityHashMap IllegalFormatCodePointException IllegalFormatConversionException
    IllegalFormatException IllegalFormatFlagsException IllegalFormatPrecisionException
    IllegalFormatWidthException IllformedLocaleException InputMismatchException
    IntSummaryStatistics InvalidPropertiesFormatException Iterator LinkedHashMap LinkedHashSet
    LinkedList List ListIterator ListResourceBundle Locale LongSummaryStatistics Map
    MissingFormatArgumentException MissingFormatWidthException MissingResourceException
    NavigableMap NavigableSet NoSuchElementException Objects Observable Observer Optional
    OptionalDouble OptionalInt OptionalLong PrimitiveIterator PriorityQueue Properties
    PropertyPermission PropertyResourceBundle Queue Random RandomAccess ResourceBundle Scanner
    ServiceConfigurationError ServiceLoader Set SimpleTimeZone SortedMap SortedSet Spliterator
    Spliterators SplittableRandom Stack StringJoiner StringTokenizer TimeZone Timer TimerTask
    TooManyListenersException TreeMap TreeSet UUID UnknownFormatConversionException
    UnknownFormatFlagsException Vector WeakHashMap
java.util.concurrent:
    AbstractExecutorService ArrayBlockingQueue BlockingDeque BlockingQueue
    BrokenBarrierException Callable CancellationException CompletableFuture CompletionException
    CompletionService CompletionStage ConcurrentHashMap ConcurrentLinkedDeque
    ConcurrentLinkedQueue ConcurrentMap ConcurrentNavigableMap ConcurrentSkipListMap
    ConcurrentSkipListSet CopyOnWriteArrayList CopyOnWriteArraySet CountDownLatch
    CountedCompleter CyclicBarrier DelayQueue Delayed Exchanger ExecutionException Executor
    ExecutorCompletionService ExecutorService Executors Flow ForkJoinPool ForkJoinTask
    ForkJoinWorkerThread Future FutureTask LinkedBlockingDeque LinkedBlockingQueue
    LinkedTransferQueue Phaser PriorityBlockingQueue RecursiveAction RecursiveTask
    RejectedExecutionException RejectedExecutionHandler RunnableFuture RunnableScheduledFuture
    ScheduledExecutorService ScheduledFuture ScheduledThreadPoolExecutor Semaphore
    SubmissionPublisher SynchronousQueue ThreadFactory ThreadLocalRandom ThreadPoolExecutor
    TimeUnit TimeoutException TransferQueue
java.util.concurrent.atomic:
    AtomicBoolean AtomicInteger AtomicIntegerArray AtomicIntegerFieldUpdater AtomicLong
    AtomicLongArray AtomicLongFieldUpdater AtomicMarkableReference AtomicReference
    AtomicReferenceArray AtomicReferenceFieldUpdater AtomicStampedReference DoubleAccumulator
    DoubleAdder LongAccumulator LongAdder Striped64
java.util.concurrent.locks:
    AbstractOwnableSynchronizer AbstractQueuedLongSynchronizer AbstractQueuedSynchronizer
    Condition Lock LockSupport ReadWriteLock ReentrantLock ReentrantReadWriteLock StampedLock
java.util.function:
    BiConsumer BiFunction BiPredicate BinaryOperator BooleanSupplier Consumer
    DoubleBinaryOperator DoubleConsumer DoubleFunction DoublePredicate DoubleSupplier
    DoubleToIntFunction DoubleToLongFunction DoubleUnaryOperator Function IntBinaryOperator
    IntConsumer IntFunction IntPredicate IntSupplier IntToDoubleFunction IntToLongFunction
    IntUnaryOperator LongBinaryOperator LongConsumer LongFunction LongPredicate LongSupplier
    LongToDoubleFunction LongToIntFunction LongUnaryOperator ObjDoubleConsumer ObjIntConsumer
    ObjLongConsumer Predicate Supplier ToDoubleBiFunction ToDoubleFunction ToIntBiFunction
    ToIntFunction ToLongBiFunction ToLongFunction UnaryOperator
java.util.jar:
    Attributes JarEntry JarException JarFile JarInputStream JarOutputStream Manifest Pack200
java.util.logging:
    ConsoleHandler ErrorManager FileHandler Filter Formatter Handler Level LogManager LogRecord
    Logger LoggingMXBean LoggingPermission MemoryHandler SimpleFormatter SocketHandler
    StreamHandler XMLFormatter
java.util.prefs:
    AbstractPreferences BackingStoreException InvalidPreferencesFormatException NodeChangeEvent
    NodeChangeListener PreferenceChangeEvent PreferenceChangeListener Preferences
    PreferencesFactory
java.util.regex:
    MatchResult Matcher Pattern PatternSyntaxException
java.util.spi:
    AbstractResourceBundleProvider CalendarDataProvider CalendarNameProvider
    CurrencyNameProvider LocaleNameProvider LocaleServiceProvider ResourceBundleControlProvider
    ResourceBundleProvider TimeZoneNameProvider ToolProvider
java.util.stream:
    BaseStream Collector Collectors DoubleStream IntStream LongStream Stream StreamSupport
java.util.zip:
    Adler32 CRC32 CRC32C CheckedInputStream CheckedOutputStream Checksum DataFormatException
    Deflater DeflaterInputStream DeflaterOutputStream GZIPInputStream GZIPOutputStream Inflater
    InflaterInputStream InflaterOutputStream ZipConstants ZipEntry ZipError ZipException ZipFile
    ZipInputStream ZipOutputStream
"""
